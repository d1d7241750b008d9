import { readFileSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ApiError, ERROR_STATUS } from "@/lib/api/errors";
import { clientKey, LOOPBACK_CLIENT } from "@/lib/auth/client-address";
import { getDb } from "@/lib/db";
import { limitHits } from "@/models";
import { atLimit, hitKey, limitMax, limitRefusal, release, reserve } from "./apply";
import { limitsMarkdown } from "./docs";
import { LIMITS, limitNames, type HitLimitName, type LimitRow } from "./table";

const rows = limitNames.map((name) => [name, LIMITS[name] as LimitRow] as const);
const counted = rows.filter(([, row]) => row.store === "limit_hits") as [HitLimitName, LimitRow & { prefix: string }][];

describe("the table of limits", () => {
  it.each(rows)("%s has a name that says what it is counted per, a bound and a refusal", (name, row) => {
    expect(name).toMatch(/^[a-z]+(?:[A-Z][a-z]+)*\.(account|address|client|site|server|person|apiKey)$/);
    expect(name.split(".")[1]).toBe(row.key);
    expect(row.counts.length).toBeGreaterThan(10);
    const max = limitMax(name);
    expect(Number.isInteger(max)).toBe(true);
    // Only the streams' server cap may be 0 (LIVE_MAX_STREAMS=0 turns them off); the defaults are all above.
    expect(max).toBeGreaterThan(0);
    if ("windowMinutes" in row) expect(row.windowMinutes).toBeGreaterThan(0);
    else expect(["memory", "webhook_endpoints"]).toContain(row.store);
    expect([429, 503]).toContain(ERROR_STATUS[row.refusal.code]);
    expect(row.refusal.message.length).toBeGreaterThan(20);
    expect(row.refusal.retryAfterSeconds).toBeGreaterThan(0);
    const refusal = limitRefusal(name);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: ERROR_STATUS[row.refusal.code], message: row.refusal.message, retryAfterSeconds: row.refusal.retryAfterSeconds });
    // A limit set by the environment says so, and the docs show its default.
    if (typeof row.max === "function") {
      expect(row.env).toBeTruthy();
      expect(row.maxText).toContain(`\`${row.env}\``);
      if (!process.env[row.env!]) expect(row.maxText?.replace(/,/g, "")).toContain(`(default ${max})`);
    }
  });

  it("keeps every counted limit apart in limit_hits, under the keys the rows of before the table had", () => {
    const prefixes = counted.map(([, row]) => row.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    // Rows written before the table still count (a deploy does not reset the windows in progress).
    expect(hitKey("signIn.account", " Ann@Example.test ")).toBe("email:ann@example.test");
    expect(hitKey("signIn.client", "203.0.113.7")).toBe("ip:203.0.113.7");
    expect(hitKey("signIn.site")).toBe("site:auth");
    expect(hitKey("signUp.client", "10.7.0.1")).toBe("register:10.7.0.1");
    expect(hitKey("reset.client", "10.7.0.1")).toBe("reset:client:10.7.0.1");
    expect(hitKey("forgot.address", "ann@example.test")).toBe("forgot:email:ann@example.test");
    expect(hitKey("forgot.client", "10.7.0.1")).toBe("forgot:client:10.7.0.1");
    expect(hitKey("forgot.site")).toBe("site:forgot");
    expect(hitKey("contact.client", "10.7.0.1")).toBe("contact:10.7.0.1");
    expect(hitKey("challenge.client", "10.7.0.1")).toBe("altcha:10.7.0.1");
    expect(hitKey("votes.account", "0B5E3A56-0000-4000-8000-000000000001")).toBe("vote:0b5e3a56-0000-4000-8000-000000000001");
  });

  it.each(counted.filter(([, row]) => row.key === "client"))("%s counts a client by clientKey: its network, loopback as one", (name, row) => {
    for (const address of ["127.0.0.9", "::1", "2001:db8:1:2::77", "2001:db8:1:2:ffff::1", "::ffff:198.51.100.4", "198.51.100.4", "unknown"]) {
      expect(hitKey(name as never, address)).toBe(`${row.prefix}:${clientKey(address)}`);
    }
    expect(hitKey(name as never, "127.0.0.9")).toBe(hitKey(name as never, "::1"));
    expect(hitKey(name as never, "::1")).toBe(`${row.prefix}:${LOOPBACK_CLIENT}`);
    expect(hitKey(name as never, "2001:db8:1:2::77")).toBe(hitKey(name as never, "2001:db8:1:2:ffff::1"));
  });

  it("refuses a keyed limit named without its key", () => {
    expect(() => hitKey(...(["votes.account"] as unknown as ["signIn.site"]))).toThrow(/counted per account/);
  });

  it("is the table docs/security.md shows", () => {
    const page = readFileSync(path.join(import.meta.dirname, "../../docs/security.md"), "utf8");
    for (const name of limitNames) expect(page).toContain(`| \`${name}\` |`);
    expect(page, `docs/security.md must hold this table (lib/limits/docs.ts):\n\n${limitsMarkdown()}\n`).toContain(limitsMarkdown());
  });
});

describe("reserve, release, atLimit", () => {
  it("reserves under every limit named or under none, gives hits back, and answers which limit is full", async () => {
    const db = await getDb();
    const email = "table@example.test";
    const client = "10.61.0.1";
    for (let i = 0; i < limitMax("forgot.address"); i++) await reserve([["forgot.address", email], ["forgot.client", client]]);
    expect(await atLimit([["forgot.client", client], ["forgot.address", email]])).toBe("forgot.address");
    await expect(reserve([["forgot.client", client], ["forgot.address", email]])).rejects.toMatchObject(limitRefusal("forgot.address"));
    // Nothing was reserved under the client's limit by the refused attempt.
    const hits = async (key: string) => (await db.select({ n: count() }).from(limitHits).where(eq(limitHits.key, key)))[0].n;
    expect(await hits(hitKey("forgot.client", client))).toBe(limitMax("forgot.address"));

    const held = await reserve([["signIn.site"], ["signIn.account", email], ["signIn.client", client]]);
    expect(held.map((h) => h.name)).toEqual(["signIn.site", "signIn.account", "signIn.client"]);
    await release(held, ["signIn.account", "signIn.client"]);
    expect(await hits(hitKey("signIn.account", email))).toBe(0);
    expect(await hits(hitKey("signIn.client", client))).toBe(0);
    expect(await hits(hitKey("signIn.site"))).toBeGreaterThanOrEqual(1);
    expect(await atLimit([["signIn.account", email], ["signIn.client", client]])).toBeNull();
  });
});
