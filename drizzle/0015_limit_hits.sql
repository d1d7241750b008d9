-- The attempt ledger counts every limit of lib/limits/table.ts (registrations, resets, contact messages,
-- proof-of-work challenges, votes...), not only failed sign-ins: renamed for what it holds. A rename
-- keeps the rows (the windows in progress) and needs no copy; the index and the primary key follow.
ALTER TABLE "auth_failures" RENAME TO "limit_hits";--> statement-breakpoint
ALTER INDEX "auth_failures_key_time_idx" RENAME TO "limit_hits_key_time_idx";--> statement-breakpoint
ALTER TABLE "limit_hits" RENAME CONSTRAINT "auth_failures_pkey" TO "limit_hits_pkey";
