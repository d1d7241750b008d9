-- One vote per mailbox: each vote keeps a keyed hash of its voter's normalised address (lib/mailbox.ts),
-- kept when the account is deleted, and a survey takes one vote per hash. The key lives in the app, so
-- votes cast before this migration keep a null hash (nulls never conflict). The triggers on votes
-- (0011, 0012, 0013) fire on other columns and are unaffected.
ALTER TABLE "votes" ADD COLUMN "mailbox_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "votes_survey_mailbox_unique" ON "votes" USING btree ("survey_id","mailbox_hash");
