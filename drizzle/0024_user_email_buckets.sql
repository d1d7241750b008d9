CREATE TABLE "user_email_buckets" (
	"bound" text NOT NULL,
	"role" "role" NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_email_buckets_bound_role_pk" PRIMARY KEY("bound","role")
);
--> statement-breakpoint
-- The stretch of the email order a key falls in: the greatest bound at or below it ('' while there is none).
CREATE FUNCTION "user_email_bucket_of"(k text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(max("bound"), '') FROM "user_email_buckets" WHERE "bound" <= k
$$;--> statement-breakpoint
-- Kept in the transaction of each change. One statement each, so the table's lock is taken before the
-- statement's snapshot: a trigger waiting for recount_user_email_buckets() reads the new stretches.
CREATE FUNCTION "users_email_bucket_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."deleted_at" IS NULL THEN
    INSERT INTO "user_email_buckets" ("bound", "role", "n") SELECT "user_email_bucket_of"(lower(OLD."email")), OLD."role", -1
    ON CONFLICT ("bound", "role") DO UPDATE SET "n" = "user_email_buckets"."n" - 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."deleted_at" IS NULL THEN
    INSERT INTO "user_email_buckets" ("bound", "role", "n") SELECT "user_email_bucket_of"(lower(NEW."email")), NEW."role", 1
    ON CONFLICT ("bound", "role") DO UPDATE SET "n" = "user_email_buckets"."n" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_email_bucket" AFTER INSERT OR DELETE OR UPDATE OF "email", "role", "deleted_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_email_bucket_trigger"();--> statement-breakpoint
-- The stretches drawn again from the rows, `size` accounts each (the last one shorter). The lock waits
-- for the transactions whose triggers moved a count and holds back new ones until this commits (reads
-- go on); each statement after it sees every change committed before.
CREATE FUNCTION "recount_user_email_buckets"(size integer DEFAULT 1000) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "user_email_buckets" IN EXCLUSIVE MODE;
  DELETE FROM "user_email_buckets";
  INSERT INTO "user_email_buckets" ("bound", "role", "n")
  WITH ranked AS (
    SELECT lower("email") AS k, "role", (row_number() OVER (ORDER BY lower("email")) - 1) / size AS b
    FROM "users" WHERE "deleted_at" IS NULL
  ), bounds AS (
    SELECT b, CASE WHEN b = 0 THEN '' ELSE min(k) END AS "bound" FROM ranked GROUP BY b
  )
  SELECT bounds."bound", ranked."role", count(*) FROM ranked JOIN bounds USING (b) GROUP BY 1, 2;
  INSERT INTO "user_email_buckets" ("bound", "role", "n") VALUES ('', 'user', 0) ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
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
SELECT "recount_integrity"();
SELECT "recount_user_email_buckets"();
$$;--> statement-breakpoint
SELECT "recount_user_email_buckets"();
