CREATE TABLE "survey_vote_buckets" (
	"survey_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"yes" integer DEFAULT 0 NOT NULL,
	"no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_vote_buckets_survey_id_bucket_pk" PRIMARY KEY("survey_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "report_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_vote_buckets" ADD CONSTRAINT "survey_vote_buckets_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surveys_surveyor_feedback_idx" ON "surveys" USING btree ("surveyor_id","created_at","id") WHERE "surveys"."feedback" is not null and "surveys"."feedback" <> '';--> statement-breakpoint
CREATE INDEX "surveys_reported_idx" ON "surveys" USING btree ("report_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "surveys"."report_count" > 0;--> statement-breakpoint
-- The public list's two orders by votes carry the counts, so a deep page skips rows in the index alone.
DROP INDEX "surveys_status_votes_idx";--> statement-breakpoint
DROP INDEX "surveys_status_category_votes_idx";--> statement-breakpoint
CREATE INDEX "surveys_status_votes_idx" ON "surveys" USING btree ("status",("yes_count" + "no_count") desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("yes_count","no_count");--> statement-breakpoint
CREATE INDEX "surveys_status_category_votes_idx" ON "surveys" USING btree ("status","category",("yes_count" + "no_count") desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("yes_count","no_count");--> statement-breakpoint
-- Counters kept in the transaction of each change (models/counters.ts names the keys).
CREATE FUNCTION "row_counts_add"(k text, dn bigint, da bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "row_counts" ("key", "n", "amount") VALUES (k, dn, da)
  ON CONFLICT ("key") DO UPDATE SET "n" = "row_counts"."n" + dn, "amount" = "row_counts"."amount" + da
$$;--> statement-breakpoint
CREATE FUNCTION "users_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."deleted_at" IS NULL THEN PERFORM "row_counts_add"('users:' || OLD."role", -1, 0); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."deleted_at" IS NULL THEN PERFORM "row_counts_add"('users:' || NEW."role", 1, 0); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_count" AFTER INSERT OR DELETE OR UPDATE OF "role", "deleted_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_count_trigger"();--> statement-breakpoint
CREATE FUNCTION "surveys_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' THEN PERFORM "row_counts_add"('surveys', -1, 0); END IF;
    IF OLD."status" = 'publish' THEN
      PERFORM "row_counts_add"('surveys:publish', -1, 0);
      PERFORM "row_counts_add"('surveys:publish:' || OLD."category", -1, 0);
    END IF;
    IF OLD."report_count" > 0 THEN
      PERFORM "row_counts_add"('surveys:reported', -1, 0);
      IF OLD."status" = 'publish' THEN PERFORM "row_counts_add"('surveys:reported:publish', -1, 0); END IF;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF TG_OP = 'INSERT' THEN PERFORM "row_counts_add"('surveys', 1, 0); END IF;
    IF NEW."status" = 'publish' THEN
      PERFORM "row_counts_add"('surveys:publish', 1, 0);
      PERFORM "row_counts_add"('surveys:publish:' || NEW."category", 1, 0);
    END IF;
    IF NEW."report_count" > 0 THEN
      PERFORM "row_counts_add"('surveys:reported', 1, 0);
      IF NEW."status" = 'publish' THEN PERFORM "row_counts_add"('surveys:reported:publish', 1, 0); END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Not on yes_count/no_count: a vote's counter update does not run it.
CREATE TRIGGER "surveys_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "category", "report_count" ON "surveys" FOR EACH ROW EXECUTE FUNCTION "surveys_count_trigger"();--> statement-breakpoint
CREATE FUNCTION "payments_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM "row_counts_add"('payments', -1, 0); END IF;
  IF TG_OP = 'INSERT' THEN PERFORM "row_counts_add"('payments', 1, 0); END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'succeeded' THEN PERFORM "row_counts_add"('payments:received:' || OLD."currency", -1, -OLD."amount"); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" = 'succeeded' THEN PERFORM "row_counts_add"('payments:received:' || NEW."currency", 1, NEW."amount"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "currency", "amount" ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_count_trigger"();--> statement-breakpoint
CREATE FUNCTION "reports_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN UPDATE "surveys" SET "report_count" = "report_count" + 1 WHERE "id" = NEW."survey_id"; END IF;
  IF TG_OP = 'DELETE' THEN UPDATE "surveys" SET "report_count" = greatest("report_count" - 1, 0) WHERE "id" = OLD."survey_id"; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reports_count" AFTER INSERT OR DELETE ON "reports" FOR EACH ROW EXECUTE FUNCTION "reports_count_trigger"();--> statement-breakpoint
-- A survey's votes per quarter hour (UTC). A vote deleted with its survey finds no bucket to update.
CREATE FUNCTION "votes_bucket_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "survey_vote_buckets"
    SET "yes" = "yes" - (OLD."vote" = 'yes')::int, "no" = "no" - (OLD."vote" = 'no')::int
    WHERE "survey_id" = OLD."survey_id" AND "bucket" = date_bin('15 minutes', OLD."created_at", timestamptz 'epoch');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "survey_vote_buckets" ("survey_id", "bucket", "yes", "no")
    VALUES (NEW."survey_id", date_bin('15 minutes', NEW."created_at", timestamptz 'epoch'), (NEW."vote" = 'yes')::int, (NEW."vote" = 'no')::int)
    ON CONFLICT ("survey_id", "bucket") DO UPDATE
    SET "yes" = "survey_vote_buckets"."yes" + excluded."yes", "no" = "survey_vote_buckets"."no" + excluded."no";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "votes_bucket" AFTER INSERT OR DELETE OR UPDATE OF "vote", "created_at", "survey_id" ON "votes" FOR EACH ROW EXECUTE FUNCTION "votes_bucket_trigger"();--> statement-breakpoint
-- Everything the triggers keep, counted again from the rows (the migration's start, a bulk load made
-- with the triggers off: scripts/scale-seed.ts).
CREATE FUNCTION "recount_row_counts"() RETURNS void LANGUAGE sql AS $$
UPDATE "surveys" SET "report_count" = coalesce(r."n", 0)
FROM "surveys" AS s LEFT JOIN (SELECT "survey_id", count(*)::int AS "n" FROM "reports" GROUP BY "survey_id") AS r ON r."survey_id" = s."id"
WHERE "surveys"."id" = s."id" AND "surveys"."report_count" <> coalesce(r."n", 0);
DELETE FROM "row_counts";
INSERT INTO "row_counts" ("key", "n", "amount")
SELECT 'users:' || "role", count(*), 0 FROM "users" WHERE "deleted_at" IS NULL GROUP BY "role"
UNION ALL SELECT 'surveys', count(*), 0 FROM "surveys"
UNION ALL SELECT 'surveys:publish', count(*), 0 FROM "surveys" WHERE "status" = 'publish'
UNION ALL SELECT 'surveys:publish:' || "category", count(*), 0 FROM "surveys" WHERE "status" = 'publish' GROUP BY "category"
UNION ALL SELECT 'surveys:reported', count(*), 0 FROM "surveys" WHERE "report_count" > 0
UNION ALL SELECT 'surveys:reported:publish', count(*), 0 FROM "surveys" WHERE "report_count" > 0 AND "status" = 'publish'
UNION ALL SELECT 'payments', count(*), 0 FROM "payments"
UNION ALL SELECT 'payments:received:' || "currency", count(*), coalesce(sum("amount"), 0) FROM "payments" WHERE "status" = 'succeeded' GROUP BY "currency";
DELETE FROM "survey_vote_buckets";
INSERT INTO "survey_vote_buckets" ("survey_id", "bucket", "yes", "no")
SELECT "survey_id", date_bin('15 minutes', "created_at", timestamptz 'epoch'), count(*) FILTER (WHERE "vote" = 'yes'), count(*) FILTER (WHERE "vote" = 'no')
FROM "votes" GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT "recount_row_counts"();