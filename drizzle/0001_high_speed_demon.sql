DROP INDEX "surveys_surveyor_idx";--> statement-breakpoint
CREATE INDEX "surveys_surveyor_created_idx" ON "surveys" USING btree ("surveyor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "votes_survey_created_idx" ON "votes" USING btree ("survey_id","created_at","id");