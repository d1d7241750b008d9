import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { users, type Role } from "@/models";
import { listUsers, USER_DIRECT_OFFSET_MAX, userIdsAt } from "./users";

// Manage Users' deep pages are found through the counts per stretch of the email order
// (user_email_buckets, kept by a trigger): every page must be the page a plain OFFSET over the email
// index gives, whatever the stretches, after inserts, deletions, role and email changes.
const ACCOUNTS = 1_200;

async function offsetIds(role: Role | undefined, offset: number, limit: number) {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.deletedAt), role ? eq(users.role, role) : undefined))
    .orderBy(sql`lower(${users.email})`)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

async function active(role?: Role) {
  const db = await getDb();
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where deleted_at is null ${role ? sql`and role = ${role}` : sql``}`,
  );
  return row.n;
}

/** Every page of `limit` (and the one just past the end) equals the OFFSET's, for all roles and each. */
async function expectEveryPage(limit: number) {
  for (const role of [undefined, "user", "pro_user", "surveyor"] as const) {
    const total = await active(role);
    for (let offset = 0; offset <= total; offset += limit) {
      expect(await userIdsAt({ role, offset, limit }), `${role ?? "all"} at ${offset}`).toEqual(await offsetIds(role, offset, limit));
    }
  }
}

async function seed() {
  const db = await getDb();
  // Emails not in the order they are made (the number reversed), of three roles, one in twenty deleted.
  await db.execute(sql`
    insert into users (email, name, role, deleted_at)
    select 'p' || reverse(lpad(i::text, 5, '0')) || '@pages.example', 'Page Person ' || i,
           (case when i % 7 = 0 then 'surveyor' when i % 3 = 0 then 'pro_user' else 'user' end)::role,
           case when i % 20 = 0 then now() end
    from generate_series(1, ${ACCOUNTS}) as i`);
}

describe("listUsers' deep pages", () => {
  it("lists the same rows as OFFSET, every page, with the stretches the trigger and the recount keep", { timeout: 120_000 }, async () => {
    const db = await getDb();
    await seed();

    // The stretches as the trigger left them (one, from ''): listUsers' deep pages, rows and all.
    const all = await active();
    expect(all).toBeGreaterThan(USER_DIRECT_OFFSET_MAX + 40);
    const deep = Math.floor(USER_DIRECT_OFFSET_MAX / 20) + 2;
    for (const [role, page] of [[undefined, deep], [undefined, Math.ceil(all / 20)], ["user", Math.ceil((await active("user")) / 20)]] as const) {
      const listed = await listUsers({ role, page, limit: 20 });
      expect(listed.rows.map((r) => r.id)).toEqual(await offsetIds(role, (page - 1) * 20, 20));
      expect(listed.rows.length).toBeGreaterThan(0);
    }
    expect((await listUsers({ page: Math.ceil(all / 20) + 1, limit: 20 })).rows).toEqual([]);

    // Short stretches (16 accounts): the page's start falls in many different ones.
    await db.execute(sql`select recount_user_email_buckets(16)`);
    const [{ n: stretches }] = await queryRows<{ n: number }>(db, sql`select count(distinct bound)::int as n from user_email_buckets`);
    expect(stretches).toBe(Math.ceil(all / 16));
    await expectEveryPage(20);
    await expectEveryPage(7);

    // Changes after the stretches were drawn, counted by the trigger: new accounts (before the first
    // bound, inside stretches, after the last), deletions, role changes, email changes.
    await db.execute(sql`
      insert into users (email, name, role)
      select e, 'New Person', 'user'::role from unnest(array['a-first@pages.example', 'p5000x@pages.example', 'p50001@pages.example', 'zz-last@pages.example']) as e`);
    await db.execute(sql`update users set deleted_at = now() where email like 'p1%' and deleted_at is null and name like '%7'`);
    await db.execute(sql`update users set role = 'surveyor' where email like 'p2%' and name like '%3'`);
    await db.execute(sql`update users set email = 'q' || substr(email, 2) where email like 'p3%'`);
    await db.execute(sql`update users set deleted_at = null where email like 'p4%' and deleted_at is not null`);
    await db.execute(sql`delete from users where email like 'p6%' and name like '%9' and not exists (select 1 from votes where user_id = users.id)`);
    await expectEveryPage(20);

    // The counts equal the rows'.
    const [{ counted, rows }] = await queryRows<{ counted: number; rows: number }>(
      db,
      sql`select (select sum(n)::int from user_email_buckets) as counted, (select count(*)::int from users where deleted_at is null) as rows`,
    );
    expect(counted).toBe(rows);
  });
});
