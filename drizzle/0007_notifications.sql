ALTER TABLE "users" ADD COLUMN "mail_results" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_survey_news" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "close_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "notify_result" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "surveys_close_pending_idx" ON "surveys" USING btree ("deadline") WHERE "surveys"."status" = 'publish' and "surveys"."close_notified_at" is null;--> statement-breakpoint
CREATE INDEX "votes_survey_notify_idx" ON "votes" USING btree ("survey_id") WHERE "votes"."notify_result";--> statement-breakpoint
-- Surveys that closed before the close job existed are not announced now, years late.
UPDATE "surveys" SET "close_notified_at" = now() WHERE "deadline" < current_date;
