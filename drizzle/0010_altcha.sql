CREATE TABLE "altcha_used" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "altcha_used_expires_idx" ON "altcha_used" USING btree ("expires_at");