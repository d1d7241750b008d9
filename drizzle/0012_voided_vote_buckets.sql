-- A survey's votes per quarter hour count only the votes that count: a voided vote (a suspended
-- account's, voided after review) leaves its bucket, and a restored one comes back.
CREATE OR REPLACE FUNCTION "votes_bucket_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."voided_at" IS NULL THEN
    UPDATE "survey_vote_buckets"
    SET "yes" = "yes" - (OLD."vote" = 'yes')::int, "no" = "no" - (OLD."vote" = 'no')::int
    WHERE "survey_id" = OLD."survey_id" AND "bucket" = date_bin('15 minutes', OLD."created_at", timestamptz 'epoch');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."voided_at" IS NULL THEN
    INSERT INTO "survey_vote_buckets" ("survey_id", "bucket", "yes", "no")
    VALUES (NEW."survey_id", date_bin('15 minutes', NEW."created_at", timestamptz 'epoch'), (NEW."vote" = 'yes')::int, (NEW."vote" = 'no')::int)
    ON CONFLICT ("survey_id", "bucket") DO UPDATE
    SET "yes" = "survey_vote_buckets"."yes" + excluded."yes", "no" = "survey_vote_buckets"."no" + excluded."no";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "votes_bucket" ON "votes";--> statement-breakpoint
CREATE TRIGGER "votes_bucket" AFTER INSERT OR DELETE OR UPDATE OF "vote", "created_at", "survey_id", "voided_at" ON "votes" FOR EACH ROW EXECUTE FUNCTION "votes_bucket_trigger"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recount_row_counts"() RETURNS void LANGUAGE sql AS $$
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
FROM "votes" WHERE "voided_at" IS NULL GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT "recount_row_counts"();
