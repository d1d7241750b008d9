-- A second factor: authenticator apps (TOTP secrets, kept encrypted), single-use recovery codes (hashed),
-- tickets of a sign-in past its first factor waiting for its second, and, per session, how it signed in
-- and when it last proved a second factor. New audit actions for each change to them.
ALTER TYPE "public"."audit_action" ADD VALUE 'second_factor_add';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'second_factor_remove';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'recovery_code_use';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'recovery_codes_regenerate';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'passkey_add';--> statement-breakpoint
ALTER TYPE "public"."webauthn_purpose" ADD VALUE 'second_factor';--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factor_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"method" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "second_factor_tickets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "totp_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_tickets" ADD CONSTRAINT "second_factor_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "second_factor_tickets_expires_idx" ON "second_factor_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "second_factor_tickets_user_idx" ON "second_factor_tickets" USING btree ("user_id");