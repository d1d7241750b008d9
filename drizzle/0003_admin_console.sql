CREATE TYPE "public"."audit_action" AS ENUM('role_change', 'survey_status');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" "audit_action" NOT NULL,
	"target_user_id" uuid,
	"target_survey_id" uuid,
	"old_value" text,
	"new_value" text,
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "surveys_status_votes_idx";--> statement-breakpoint
DROP INDEX "surveys_status_created_idx";--> statement-breakpoint
DROP INDEX "surveys_status_category_created_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_target_survey_id_surveys_id_fk" FOREIGN KEY ("target_survey_id") REFERENCES "public"."surveys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_target_user_idx" ON "audit_events" USING btree ("target_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_target_survey_idx" ON "audit_events" USING btree ("target_survey_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role",lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "surveys_created_idx" ON "surveys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_status_votes_idx" ON "surveys" USING btree ("status",("yes_count" + "no_count") desc,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_status_created_idx" ON "surveys" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_status_category_created_idx" ON "surveys" USING btree ("status","category","created_at" DESC NULLS FIRST);