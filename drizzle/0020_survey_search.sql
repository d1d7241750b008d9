-- The public search and the open/closed filter of /surveys (lib/surveys/queries.ts): each survey's words
-- as a generated tsvector (English configuration: title, question and description; PostgreSQL keeps it
-- with every write) with a GIN index, so a search reads the matching surveys' entries whatever the
-- number of surveys; and published surveys by deadline, so the count of an open or closed view is read
-- from an index range. The GIN index has no pending list (fastupdate off): every vote rewrites its
-- survey's row, and a pending list would make every search read the latest votes' entries first.
-- Adding the column rewrites the table once.
ALTER TABLE "surveys" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "title" || ' ' || "question_title" || ' ' || "question_description" || ' ' || "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "surveys_search_idx" ON "surveys" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "surveys_status_deadline_idx" ON "surveys" USING btree ("status","deadline","category");