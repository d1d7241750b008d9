import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { listUsers, USER_SEARCH_COUNT_MAX } from "./users";

// The admin's user list with 100,000 accounts: every page query walks an index (no sequential scan
// of users), a search matching them all counts no more than 1,001 of them, and the time of each is
// printed. No timing is asserted: this machine is shared.
const ACCOUNTS = 100_000;

async function plan(query: ReturnType<typeof sql>, analyze = false) {
  const db = await getDb();
  const rows = await queryRows<Record<string, string>>(db, analyze ? sql`explain analyze ${query}` : sql`explain ${query}`);
  return rows.map((r) => Object.values(r)[0]).join("\n");
}

describe("listUsers at 100,000 accounts", () => {
  // Seeding 100,000 rows on a busy shared machine can outlast the default limit.
  it("answers each page from an index", { timeout: 300_000 }, async () => {
    const db = await getDb();
    let started = performance.now();
    // Loaded as scripts/scale-seed.ts does: with the per-row counter trigger on, one statement would
    // update the same row_counts row 100,000 times in one transaction, and each update walks the chain
    // of versions the earlier ones left (quadratic: minutes on PGlite). The counters are recounted once.
    await db.execute(sql`alter table users disable trigger user`);
    await db.execute(sql`
      insert into users (email, name, role)
      select 'scale-' || i || '@bench.example', 'Scale Person ' || i,
             (case when i % 100 = 0 then 'surveyor' when i % 10 = 0 then 'pro_user' else 'user' end)::role
      from generate_series(1, ${ACCOUNTS}) as i`);
    await db.execute(sql`alter table users enable trigger user`);
    await db.execute(sql`select recount_row_counts()`);
    await db.execute(sql`analyze users`);
    console.log(`seeded ${ACCOUNTS} accounts in ${Math.round(performance.now() - started)} ms`);

    const cases: [string, Parameters<typeof listUsers>[0], number][] = [
      ["first page, all roles", { page: 1, limit: 20 }, 20],
      ["page 500, all roles", { page: 500, limit: 20 }, 20],
      ["first page, surveyors", { role: "surveyor", page: 1, limit: 20 }, 20],
      ["search by email prefix", { q: "scale-4242", page: 1, limit: 20 }, 11],
      ["search by name prefix", { q: "Scale Person 9999", page: 1, limit: 20 }, 11],
      ["surveyors whose email starts with scale-99", { role: "surveyor", q: "scale-99", page: 1, limit: 20 }, 11],
    ];
    for (const [label, options, expected] of cases) {
      started = performance.now();
      const { rows, total } = await listUsers(options);
      console.log(`${label}: ${rows.length} rows of ${total} in ${(performance.now() - started).toFixed(1)} ms`);
      expect(rows).toHaveLength(expected);
    }

    // The middle page (offset 50,000) is found through the counts per stretch of the email order: the
    // same rows as a plain OFFSET, and no plan node reads more than a stretch and the counts.
    const middle = ACCOUNTS / 20 / 2;
    started = performance.now();
    const mid = await listUsers({ page: middle, limit: 20 });
    console.log(`middle page: ${mid.rows.length} rows in ${(performance.now() - started).toFixed(1)} ms`);
    const db2 = await getDb();
    const offsetRows = await queryRows<{ id: string }>(
      db2,
      sql`select id from users where deleted_at is null order by lower(email) offset ${(middle - 1) * 20} limit 20`,
    );
    expect(mid.rows.map((r) => r.id)).toEqual(offsetRows.map((r) => r.id));
    const middlePlan = await plan(
      sql`select id from users where id in (with stretch as (
            select bound, ${(middle - 1) * 20}::bigint - (upto - n) as skip
            from (select b.bound, sum(b.n) as n, sum(sum(b.n)) over (order by b.bound) as upto from user_email_buckets b group by b.bound) as c
            where upto > ${(middle - 1) * 20}::bigint order by bound limit 1)
          select u.id from users u where u.deleted_at is null and lower(u.email) >= (select bound from stretch)
          order by lower(u.email) offset (select skip from stretch) limit 20)`,
      true,
    );
    console.log(`middle page plan:\n${middlePlan}`);
    const middleRead = Math.max(...[...middlePlan.matchAll(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/g)].map((m) => Number(m[1]) * Number(m[2])));
    expect(middleRead).toBeLessThanOrEqual(1_020);

    // A one-letter search matches every account: its count stops at 1,001 ("more than 1,000"), and
    // its pages end there.
    started = performance.now();
    const wide = await listUsers({ q: "s", page: 1, limit: 20 });
    console.log(`search "s": ${wide.rows.length} rows of ${wide.total}${wide.totalIsAtLeast ? "+" : ""} in ${(performance.now() - started).toFixed(1)} ms`);
    expect([wide.rows.length, wide.total, wide.totalIsAtLeast]).toEqual([20, USER_SEARCH_COUNT_MAX + 1, true]);
    expect((await listUsers({ q: "s", page: 51, limit: 20 })).rows).toHaveLength(20);
    expect((await listUsers({ q: "s", page: 52, limit: 20 })).rows).toEqual([]);
    expect(await listUsers({ q: "scale-4242", page: 1, limit: 20 })).toMatchObject({ total: 11, totalIsAtLeast: false });
    const countPlan = await plan(
      sql`select count(*) from (select 1 from users where deleted_at is null and (lower(email) like 's%' or lower(name) like 's%') limit ${USER_SEARCH_COUNT_MAX + 1}) matches`,
      true,
    );
    console.log(`count plan:\n${countPlan}`);
    const read = Math.max(...[...countPlan.matchAll(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/g)].map((m) => Number(m[1]) * Number(m[2])));
    expect(read).toBeLessThanOrEqual(USER_SEARCH_COUNT_MAX + 1);

    const searchPlan = await plan(
      sql`select id from users where lower(email) like 'scale-4242%' or lower(name) like 'scale-4242%' order by lower(email) limit 20`,
    );
    const rolePlan = await plan(sql`select id from users where role = 'surveyor' order by lower(email) limit 20`);
    console.log(`search plan:\n${searchPlan}\nrole plan:\n${rolePlan}`);
    expect(searchPlan).not.toMatch(/Seq Scan on users/);
    expect(rolePlan).not.toMatch(/Seq Scan on users/);
  });
});
