CREATE TABLE "survey_integrity" (
	"survey_id" uuid PRIMARY KEY NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"verified" integer DEFAULT 0 NOT NULL,
	"under_1_day" integer DEFAULT 0 NOT NULL,
	"days_1_to_7" integer DEFAULT 0 NOT NULL,
	"days_7_to_30" integer DEFAULT 0 NOT NULL,
	"older" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_signup_networks" (
	"survey_id" uuid NOT NULL,
	"network" text NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_signup_networks_survey_id_network_pk" PRIMARY KEY("survey_id","network")
);
--> statement-breakpoint
-- The panel no longer reads the votes themselves: one index less to write at each vote.
DROP INDEX "votes_survey_counted_idx";--> statement-breakpoint
ALTER TABLE "survey_integrity" ADD CONSTRAINT "survey_integrity_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_signup_networks" ADD CONSTRAINT "survey_signup_networks_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_signup_networks_shared_idx" ON "survey_signup_networks" USING btree ("survey_id","votes") WHERE "survey_signup_networks"."votes" >= 5;--> statement-breakpoint
-- The integrity panel's figures, kept in the transaction of each change (models/votes.ts). A vote
-- counts toward them while voided_at is null; its account age is its created_at minus its voter's,
-- verified is whether the voter's email is verified now: exactly what the panel computed by joining
-- every vote to its voter. `d` is +1 or -1; a decrement only updates (a vote deleted with its survey
-- finds no row), and a network's row goes when it reaches zero.
CREATE FUNCTION "integrity_move"(p_survey uuid, p_age interval, p_verified boolean, p_network text, d integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d > 0 THEN
    INSERT INTO "survey_integrity" AS t ("survey_id", "votes", "verified", "under_1_day", "days_1_to_7", "days_7_to_30", "older")
    VALUES (p_survey, d, CASE WHEN p_verified THEN d ELSE 0 END,
            CASE WHEN p_age < interval '1 day' THEN d ELSE 0 END,
            CASE WHEN p_age >= interval '1 day' AND p_age < interval '7 days' THEN d ELSE 0 END,
            CASE WHEN p_age >= interval '7 days' AND p_age < interval '30 days' THEN d ELSE 0 END,
            CASE WHEN p_age >= interval '30 days' THEN d ELSE 0 END)
    ON CONFLICT ("survey_id") DO UPDATE SET
      "votes" = t."votes" + excluded."votes", "verified" = t."verified" + excluded."verified",
      "under_1_day" = t."under_1_day" + excluded."under_1_day", "days_1_to_7" = t."days_1_to_7" + excluded."days_1_to_7",
      "days_7_to_30" = t."days_7_to_30" + excluded."days_7_to_30", "older" = t."older" + excluded."older";
    IF p_network IS NOT NULL THEN
      INSERT INTO "survey_signup_networks" AS n ("survey_id", "network", "votes") VALUES (p_survey, p_network, d)
      ON CONFLICT ("survey_id", "network") DO UPDATE SET "votes" = n."votes" + excluded."votes";
    END IF;
  ELSE
    UPDATE "survey_integrity" SET
      "votes" = "votes" + d, "verified" = "verified" + CASE WHEN p_verified THEN d ELSE 0 END,
      "under_1_day" = "under_1_day" + CASE WHEN p_age < interval '1 day' THEN d ELSE 0 END,
      "days_1_to_7" = "days_1_to_7" + CASE WHEN p_age >= interval '1 day' AND p_age < interval '7 days' THEN d ELSE 0 END,
      "days_7_to_30" = "days_7_to_30" + CASE WHEN p_age >= interval '7 days' AND p_age < interval '30 days' THEN d ELSE 0 END,
      "older" = "older" + CASE WHEN p_age >= interval '30 days' THEN d ELSE 0 END
    WHERE "survey_id" = p_survey;
    IF p_network IS NOT NULL THEN
      UPDATE "survey_signup_networks" SET "votes" = "votes" + d WHERE "survey_id" = p_survey AND "network" = p_network;
      DELETE FROM "survey_signup_networks" WHERE "survey_id" = p_survey AND "network" = p_network AND "votes" <= 0;
    END IF;
  END IF;
END $$;--> statement-breakpoint
-- A vote's move in or out of the counts. A vote deleted because its voter's row is being deleted
-- finds no voter: the voter's BEFORE DELETE trigger below has already taken it out.
CREATE FUNCTION "votes_integrity_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  voter record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."voided_at" IS NULL THEN
    SELECT "created_at", "email_verified", "signup_network" INTO voter FROM "users" WHERE "id" = OLD."user_id";
    IF FOUND THEN
      PERFORM "integrity_move"(OLD."survey_id", OLD."created_at" - voter."created_at", voter."email_verified" IS NOT NULL, voter."signup_network", -1);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."voided_at" IS NULL THEN
    SELECT "created_at", "email_verified", "signup_network" INTO voter FROM "users" WHERE "id" = NEW."user_id";
    PERFORM "integrity_move"(NEW."survey_id", NEW."created_at" - voter."created_at", voter."email_verified" IS NOT NULL, voter."signup_network", 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "votes_integrity" AFTER INSERT OR DELETE OR UPDATE OF "survey_id", "user_id", "created_at", "voided_at" ON "votes" FOR EACH ROW EXECUTE FUNCTION "votes_integrity_trigger"();--> statement-breakpoint
-- A voter's change that moves their counted votes between figures (verifying the address, deleting
-- the account, which clears it), or their row's deletion (its votes go with it). Surveys in id order,
-- as voiding locks them.
CREATE FUNCTION "users_integrity_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  FOR v IN SELECT "survey_id", "created_at" FROM "votes" WHERE "user_id" = OLD."id" AND "voided_at" IS NULL ORDER BY "survey_id" LOOP
    PERFORM "integrity_move"(v."survey_id", v."created_at" - OLD."created_at", OLD."email_verified" IS NOT NULL, OLD."signup_network", -1);
    IF TG_OP = 'UPDATE' THEN
      PERFORM "integrity_move"(v."survey_id", v."created_at" - NEW."created_at", NEW."email_verified" IS NOT NULL, NEW."signup_network", 1);
    END IF;
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_integrity" AFTER UPDATE OF "created_at", "email_verified", "signup_network" ON "users" FOR EACH ROW
  WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR (OLD."email_verified" IS NULL) <> (NEW."email_verified" IS NULL) OR OLD."signup_network" IS DISTINCT FROM NEW."signup_network")
  EXECUTE FUNCTION "users_integrity_trigger"();--> statement-breakpoint
CREATE TRIGGER "users_integrity_delete" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_integrity_trigger"();--> statement-breakpoint
-- The figures counted again from the rows (this migration's backfill; recount_row_counts after a bulk
-- load made with the triggers off).
CREATE FUNCTION "recount_integrity"() RETURNS void LANGUAGE sql AS $$
DELETE FROM "survey_integrity";
INSERT INTO "survey_integrity" ("survey_id", "votes", "verified", "under_1_day", "days_1_to_7", "days_7_to_30", "older")
SELECT v."survey_id", count(*), count(*) FILTER (WHERE u."email_verified" IS NOT NULL),
  count(*) FILTER (WHERE v."created_at" - u."created_at" < interval '1 day'),
  count(*) FILTER (WHERE v."created_at" - u."created_at" >= interval '1 day' AND v."created_at" - u."created_at" < interval '7 days'),
  count(*) FILTER (WHERE v."created_at" - u."created_at" >= interval '7 days' AND v."created_at" - u."created_at" < interval '30 days'),
  count(*) FILTER (WHERE v."created_at" - u."created_at" >= interval '30 days')
FROM "votes" v JOIN "users" u ON u."id" = v."user_id" WHERE v."voided_at" IS NULL GROUP BY v."survey_id";
DELETE FROM "survey_signup_networks";
INSERT INTO "survey_signup_networks" ("survey_id", "network", "votes")
SELECT v."survey_id", u."signup_network", count(*)
FROM "votes" v JOIN "users" u ON u."id" = v."user_id" WHERE v."voided_at" IS NULL AND u."signup_network" IS NOT NULL GROUP BY 1, 2;
$$;--> statement-breakpoint
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
$$;--> statement-breakpoint
SELECT "recount_integrity"();
