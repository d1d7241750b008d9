-- A verification mail carries a six-digit code beside its link (typed on the check-inbox page), and the
-- path the person was going to when it was sent (the verified page continues there).
ALTER TABLE "email_tokens" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "continue_to" text;