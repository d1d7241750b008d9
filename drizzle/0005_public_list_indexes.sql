DROP INDEX "surveys_status_votes_idx";--> statement-breakpoint
DROP INDEX "surveys_status_created_idx";--> statement-breakpoint
DROP INDEX "surveys_status_category_created_idx";--> statement-breakpoint
CREATE INDEX "surveys_status_category_votes_idx" ON "surveys" USING btree ("status","category",("yes_count" + "no_count") desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_status_votes_idx" ON "surveys" USING btree ("status",("yes_count" + "no_count") desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_status_created_idx" ON "surveys" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "surveys_status_category_created_idx" ON "surveys" USING btree ("status","category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);