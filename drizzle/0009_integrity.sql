ALTER TYPE "public"."audit_action" ADD VALUE 'account_suspend';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'account_unsuspend';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'votes_void';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'votes_restore';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_network" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "voided_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "votes_survey_counted_idx" ON "votes" USING btree ("survey_id","created_at","user_id") WHERE "votes"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "votes_user_voided_idx" ON "votes" USING btree ("user_id") WHERE "votes"."voided_at" is not null;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_voided_non_negative" CHECK ("surveys"."voided_count" >= 0);