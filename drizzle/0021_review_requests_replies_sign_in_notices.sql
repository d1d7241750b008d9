-- A surveyor may ask the admins to review an unpublished survey again (surveys.review_requested_at); admins
-- reply to and mark handled the contact messages (handled_at, handled_by, replied_at; the open ones by
-- their own index); people may turn off the notice of a sign-in from a new browser
-- (users.mail_sign_in_notices). New audit actions for each.
ALTER TYPE "public"."audit_action" ADD VALUE 'review_request';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'contact_reply';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'contact_handled';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_sign_in_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "contact_messages"."handled_at" is null;