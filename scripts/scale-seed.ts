import { eq, sql } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/client";
import { users } from "@/models";
import { DEMO_PASSWORD } from "./demo-seed";

// The large dataset (`npm run db:seed -- --scale`): 200,000 accounts, 100,000 surveys, 1,000,000 votes
// (a comment on the pro users' tenth), 20,000 reports, a payment per pro account and their audit rows,
// on top of the demo data. Every row is made by a few `insert … select … from generate_series`
// statements, so it takes seconds on a PostgreSQL server and a few minutes on the embedded database.
//
// Ids are derived from numbers (md5 of 'u' || n, made a version-4 UUID), so votes name their survey and voter
// without a lookup. The invariants of the schema hold: one vote per person and survey (each survey's
// voters are distinct numbers), only `user` and `pro_user` accounts vote and report, only `pro_user`
// votes carry comments, every vote falls between its survey's creation and its close (or now), every
// account was created before any survey (so before its votes), and
// `yes_count`/`no_count` are recomputed from the vote rows at the end. Its votes carry no mailbox hash
// (lib/votes/mailbox.ts: the key lives in the app, and nulls never conflict), like votes from before 0014.

export const SCALE = {
  accounts: 200_000,
  surveys: 100_000,
  votes: 1_000_000,
  reports: 20_000,
  /** Voters of each of the big surveys (the first is the demo surveyor's, still open). */
  bigVoters: 100_000,
  bigSurveys: 2,
  /** Surveys with 20,000 voters each. */
  midSurveys: 10,
  midVoters: 20_000,
} as const;

/** Title of the demo surveyor's big open survey (the bench finds it by this). */
export const BIG_SURVEY_TITLE = "Should the city keep the night buses running? (100,000 voters)";

/** A number written into the SQL (a bound parameter has no type, and generate_series would be ambiguous). */
const num = (n: number) => sql.raw(String(Math.trunc(n)));
// A version-4 UUID (the version and variant digits set) from md5, as the API's id checks require.
const uid = (prefix: "u" | "s", n: unknown) =>
  sql`overlay(overlay(md5(${sql.raw(`'${prefix}'`)} || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Accounts 1..200,000: every hundredth a surveyor, every tenth (n % 10 = 5) a pro user, the rest users.
 * Voter number v (1..198,000) is account v + (v - 1) / 99, which skips the surveyors.
 */
const voterAccount = (v: unknown) => sql`(${v} + ((${v}) - 1) / 99)`;
const VOTERS = 198_000;
/** Every account is older than every survey (at most 702 days), and so than its votes and reports. */
const ACCOUNTS_BEFORE_DAYS = 703;

/** Fills the large dataset once (after the demo data); false when it is already there. */
export async function seedScaleData(db: Db, log: (message: string) => void = () => {}): Promise<boolean> {
  const [already] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where email = 'scale-1@scale.test'`);
  if (already.n > 0) return false;
  const [surveyor] = await db.select({ id: users.id }).from(users).where(eq(users.email, "surveyor@demo.test"));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.test"));
  if (!surveyor || !admin) throw new Error("Seed the demo data first (npm run db:seed).");
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One transaction: a failed run leaves nothing behind, and a second run starts again.
  await db.transaction(async (tx) => {
    const step = async (label: string, query: ReturnType<typeof sql>) => {
      const started = performance.now();
      await tx.execute(query);
      log(`${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    };
    // The counters' triggers (migration 0011_scale_indexes) are off during the load and everything they
    // keep is counted once at the end: a million single-row updates of the counters would take longer
    // than the load itself.
    const tables = ["users", "surveys", "votes", "reports", "payments"];
    for (const table of tables) await tx.execute(sql.raw(`alter table "${table}" disable trigger user`));

    await step(
      `${SCALE.accounts} accounts`,
      sql`insert into users (id, email, name, role, password_hash, email_verified, created_at)
          select ${uid("u", sql`g`)}, 'scale-' || g || '@scale.test', 'Scale Person ' || g,
                 (case when g % 100 = 0 then 'surveyor' when g % 10 = 5 then 'pro_user' else 'user' end)::role,
                 ${passwordHash}, now() - (${num(ACCOUNTS_BEFORE_DAYS)} + g % 700) * interval '1 day',
                 now() - (${num(ACCOUNTS_BEFORE_DAYS)} + g % 700) * interval '1 day' - interval '1 hour'
          from generate_series(1, ${num(SCALE.accounts)}) as g`,
    );

    // Survey s: created `age` days ago; three in ten closed (deadline between creation and yesterday,
    // already announced), the rest open for up to 300 more days; one in twenty unpublished with feedback;
    // one in ten shows its results only after the deadline. Surveys 1 and 51, 101, … (2,000 in all) are
    // the demo surveyor's; the others belong to the 2,000 scale surveyors.
    const age = sql`(case when g <= ${num(SCALE.bigSurveys)} then 60 else 2 + (g * 37) % 700 end)`;
    const closed = sql`(g % 10 in (3, 6, 9) and g <> 1)`;
    await step(
      `${SCALE.surveys} surveys`,
      sql`insert into surveys (id, title, description, category, deadline, created_at, question_title, question_description,
                               status, feedback, surveyor_id, results_visibility, close_notified_at)
          select ${uid("s", sql`g`)},
                 case when g = 1 then ${BIG_SURVEY_TITLE} else 'Scale survey ' || g || ': ' ||
                   (array['should the library open on Sundays','is remote work here to stay','should school start later',
                          'is the new stadium worth it','should cycling lanes be wider'])[1 + g % 5] end,
                 'A survey of the large dataset, number ' || g || ', for measuring the pages at scale.',
                 (array['Technology','Education','Health','Entertainment','Other'])[1 + g % 5]::category,
                 case when ${closed} then current_date - 1 - (g * 13) % (${age} - 1)
                      else current_date + 1 + (g * 11) % 300 end,
                 now() - ${age} * interval '1 day' - (g % 1440) * interval '1 minute',
                 'Question ' || g || '?', 'Answer yes or no.',
                 (case when g % 20 = 7 then 'unpublish' else 'publish' end)::survey_status,
                 case when g % 20 = 7 then 'Please make the question neutral and cite a source.' end,
                 case when g % 50 = 1 then ${surveyor.id}::uuid else ${uid("u", sql`(1 + g % 2000) * 100`)} end,
                 (case when g % 10 = 4 then 'after_deadline' else 'after_voting' end)::results_visibility,
                 case when ${closed} then now() end
          from generate_series(1, ${num(SCALE.surveys)}) as g`,
    );

    // Votes: the big surveys 1..2 take voters 1..100,000 each, surveys 3..12 voters 1..20,000 each, and
    // the rest are spread over surveys 13..100,000 with distinct voters per survey (k, round r):
    // voter = 1 + (k * 7919 + r * 85863) mod 198,000, distinct for r < 198,000 / gcd = 198,000.
    const bulk = SCALE.bigSurveys * SCALE.bigVoters + SCALE.midSurveys * SCALE.midVoters;
    const rest = SCALE.votes - bulk;
    const spread = SCALE.surveys - SCALE.bigSurveys - SCALE.midSurveys;
    const perVote = (survey: ReturnType<typeof sql>, voter: ReturnType<typeof sql>, n: ReturnType<typeof sql>) => sql`
      select ${uid("s", survey)} as survey_id, ${uid("u", voterAccount(voter))} as user_id,
             (case when ((${n})::bigint * 2654435761) % 100 < 35 + (${survey}) % 40 then 'yes' else 'no' end)::vote_value as vote,
             case when ${voterAccount(voter)} % 10 = 5 then 'Comment ' || ${n} || ': I voted after reading the description twice.' end as comment,
             ((${n}) % 50 = 0) as notify_result,
             (((${n})::bigint * 7919) % 1000) / 1000.0 as at`;
    const insertVotes = (rows: ReturnType<typeof sql>) => sql`
      insert into votes (survey_id, user_id, vote, comment, notify_result, created_at)
      select v.survey_id, v.user_id, v.vote, v.comment, v.notify_result,
             s.created_at + v.at * (least(now(), (s.deadline + 1)::timestamptz) - s.created_at)
      from (${rows}) as v join surveys s on s.id = v.survey_id`;
    await step(
      `${bulk} votes on the ${SCALE.bigSurveys + SCALE.midSurveys} big surveys`,
      insertVotes(sql`
        ${perVote(sql`b.s`, sql`g`, sql`g`)} from generate_series(1, ${num(SCALE.bigSurveys)}) as b(s), generate_series(1, ${num(SCALE.bigVoters)}) as g
        union all
        ${perVote(sql`m.s`, sql`g`, sql`g`)} from generate_series(${num(SCALE.bigSurveys + 1)}, ${num(SCALE.bigSurveys + SCALE.midSurveys)}) as m(s),
                                                  generate_series(1, ${num(SCALE.midVoters)}) as g`),
    );
    const k = sql`(${num(SCALE.bigSurveys + SCALE.midSurveys + 1)} + g % ${num(spread)})`;
    const voter = sql`(1 + ((g % ${num(spread)})::bigint * 7919 + (g / ${num(spread)})::bigint * 85863) % ${num(VOTERS)})`;
    await step(`${rest} votes on the other surveys`, insertVotes(sql`${perVote(k, voter, sql`g`)} from generate_series(0, ${num(rest - 1)}) as g`));
    await step(
      "the survey counters",
      sql`update surveys set yes_count = c.yes, no_count = c.no
          from (select survey_id, count(*) filter (where vote = 'yes')::int as yes, count(*) filter (where vote = 'no')::int as no
                from votes group by survey_id) as c
          where surveys.id = c.survey_id`,
    );

    // Reports: 20,000 by users on 8,000 published surveys (one to three each), the surveys picked apart.
    await step(
      `${SCALE.reports} reports`,
      sql`insert into reports (survey_id, user_id, created_at)
          select ${uid("s", sql`s`)}, ${uid("u", voterAccount(sql`1 + (r / 8000) * 1000 + s % 997`))}, now() - (r % 300) * interval '1 hour'
          from generate_series(0, ${num(SCALE.reports - 1)}) as r, lateral (select 13 + (r % 8000) * 12 as s) as p
          where 13 + (r % 8000) * 12 <= ${num(SCALE.surveys)}`,
    );
    // Payments: every pro account paid once (one in twenty refunded), over the last 700 days; its audit
    // row records the system's upgrade. Every unpublished survey has the admin's audit row.
    await step(
      "payments and audit rows",
      sql`with pro as (select g from generate_series(5, ${num(SCALE.accounts)}, 10) as g),
          paid as (
            insert into payments (payment_intent_id, amount, currency, user_id, user_name, user_email, status, refunded_at, created_at)
            select 'pi_scale_' || g, 1600, 'usd', ${uid("u", sql`g`)}, 'Scale Person ' || g, 'scale-' || g || '@scale.test',
                   (case when g % 200 = 5 then 'refunded' else 'succeeded' end)::payment_status,
                   case when g % 200 = 5 then now() - (g % 700) * interval '1 day' + interval '1 day' end,
                   now() - (g % 700) * interval '1 day'
            from pro returning 1)
          insert into audit_events (actor_id, action, target_user_id, target_survey_id, old_value, new_value, feedback, created_at)
          select null, 'role_change'::audit_action, ${uid("u", sql`g`)}, null, 'user', 'pro_user', null, now() - (g % 700) * interval '1 day' from pro
          union all
          select ${admin.id}::uuid, 'survey_status'::audit_action, null, ${uid("s", sql`g`)}, 'publish', 'unpublish',
                 'Please make the question neutral and cite a source.', now() - (g % 500) * interval '1 hour'
          from generate_series(7, ${num(SCALE.surveys)}, 20) as g`,
    );
    for (const table of tables) await tx.execute(sql.raw(`alter table "${table}" enable trigger user`));
    await step("the counters the triggers keep", sql`select recount_row_counts()`);
  });
  // Vacuumed as well as analysed: index-only scans need the visibility map.
  const started = performance.now();
  await db.execute(sql`vacuum analyze`);
  log(`vacuum analyze in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
