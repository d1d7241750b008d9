// Hostile input against a production server (`npm start` from the build, on PGlite): the cases of
// tests/hostile/cases.ts (fast-check, seeded: HOSTILE_SEED replays a run). Every case must get a 4xx
// with a clear JSON message (the HTML error page for pages), none a 5xx or a stack trace (in the
// answer or the server's log), and every table is the same before and after.
import fs from "node:fs";
import http from "node:http";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { altchaFrom } from "../altcha";
import { ALTCHA_PLACEHOLDER, generateCases, withSolvedAltcha, type Caller, type HostileCase } from "../hostile/cases";
import { SECRET, apiToken, baseEnv, hasBuild, seed, startServer, stopServer, tempDir, withDb } from "./helpers";

const PORT = 7533;
const WEBHOOK_SECRET = "whsec_hostile_only_0123456789abcdef";
const SEED = Number(process.env.HOSTILE_SEED ?? 20261123);

type Target = { dataDir: string };

/** Every table in the public schema: its row count and a hash of all its rows. */
async function snapshot(target: Target) {
  return withDb(target, async (db) => {
    const tables = await queryRows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
    const result: Record<string, string> = {};
    for (const { tablename } of tables) {
      const [row] = await queryRows<{ n: number; digest: string | null }>(
        db,
        sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(tablename)} t`,
      );
      result[tablename] = `${row.n} rows, ${row.digest}`;
    }
    return result;
  });
}

const STACK = /\n\s+at [^\n]+:\d+|node_modules\/|webpack-internal|\.next\/server\//;

if (!hasBuild) console.warn("tests/ops/hostile: no production build (.next): run `npm run build` first; skipping.");

describe.skipIf(!hasBuild)("hostile input against a production server", () => {
  const dataDir = tempDir("hostile");
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("refuses every generated case with a clear 4xx and changes nothing", async () => {
    const env = baseEnv({
      DATA_DIR: dataDir,
      // Each case from its own client address, so the per-address throttles do not answer for the parsers.
      TRUSTED_PROXIES: "1",
      STRIPE_SECRET_KEY: "sk_test_hostile_only",
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_hostile_only",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Nothing listens there: a refused case never reaches Stripe.
      STRIPE_API_URL: "http://127.0.0.1:9",
    });
    seed(env);
    const target = { dataDir };
    const { people, survey } = await withDb(target, async (db) => {
      const rows = await queryRows<{ id: string; email: string }>(db, sql`select id, email from users where email like '%@demo.test'`);
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.id]));
      // One neither user@ nor pro@ has voted on or reported: a case that slipped through would write.
      const [open] = await queryRows<{ id: string }>(
        db,
        sql`select s.id from surveys s join users u on u.id = s.surveyor_id
            where u.email = 'surveyor@demo.test' and s.status = 'publish' and s.deadline > current_date + 1
              and not exists (select 1 from votes v join users p on p.id = v.user_id where v.survey_id = s.id and p.email in ('user@demo.test', 'pro@demo.test'))
              and not exists (select 1 from reports r join users p on p.id = r.user_id where r.survey_id = s.id and p.email in ('user@demo.test', 'pro@demo.test'))
            order by s.created_at limit 1`,
      );
      return {
        survey: open.id,
        people: { user: byEmail["user@demo.test"], pro: byEmail["pro@demo.test"], surveyor: byEmail["surveyor@demo.test"], admin: byEmail["admin@demo.test"] } as Record<Exclude<Caller, "anon">, string>,
      };
    });
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 20, b: 20 } } }).jpeg().toBuffer();
    const cases = generateCases({
      ids: { survey, userEmail: "user@demo.test", proEmail: "pro@demo.test", surveyorEmail: "surveyor@demo.test" },
      images: { png, jpeg },
      webhookSecret: WEBHOOK_SECRET,
      seed: SEED,
    });
    const cookies = Object.fromEntries(
      await Promise.all(
        Object.entries(people).map(async ([caller, id]) => [
          caller,
          `authjs.session-token=${await encode({ token: { sub: id }, secret: SECRET, salt: "authjs.session-token", maxAge: 3600 })}`,
        ]),
      ),
    ) as Record<Exclude<Caller, "anon">, string>;

    const before = await snapshot(target);
    const server = await startServer(PORT, env);
    const failures: string[] = [];
    const families = new Map<string, number>();
    let next = 0;
    try {
      const run = async (c: HostileCase, index: number) => {
        const headers: Record<string, string> = { ...c.headers, "x-forwarded-for": `10.77.${(index >> 8) & 255}.${index & 255}` };
        if (c.caller !== "anon") {
          if (c.cookie) headers.cookie = cookies[c.caller];
          else headers.authorization = `Bearer ${apiToken(people[c.caller])}`;
        }
        let status = 0;
        let text = "";
        let type = "";
        try {
          if (c.method === "TRACE") {
            // fetch refuses TRACE; a plain HTTP client sends it as an attacker would.
            ({ status, type, text } = await new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
              const req = http.request(`${server.url}${c.path}`, { method: "TRACE", headers }, (res) => {
                let data = "";
                res.on("data", (chunk) => (data += chunk));
                res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text: data }));
              });
              req.on("error", reject);
              req.end();
            }));
          } else {
            const body = c.body?.includes(ALTCHA_PLACEHOLDER) ? withSolvedAltcha(c.body, await altchaFrom(server.url)) : c.body;
            const response = await fetch(`${server.url}${c.path}`, { method: c.method, headers, body: body ? new Uint8Array(body) : undefined, redirect: "manual" });
            status = response.status;
            type = response.headers.get("content-type") ?? "";
            text = await response.text();
          }
        } catch (error) {
          // The server cut the connection (it may, after answering 413 to an oversized body).
          text = String(error);
        }
        const problems: string[] = [];
        const wanted = /\((\d{3})\)$/.exec(c.family)?.[1];
        if (wanted ? status !== Number(wanted) : status < 400 || status > 499) problems.push(`status ${status}${wanted ? ` (wanted ${wanted})` : ""}`);
        if (c.kind === "json" && status >= 400) {
          let message: unknown;
          try {
            message = JSON.parse(text).error?.message;
          } catch {
            message = undefined;
          }
          if (typeof message !== "string" || message.trim() === "") problems.push(`not a JSON error (${type})`);
        }
        if (c.kind === "html" && !type.startsWith("text/html")) problems.push(`not the HTML error page (${type})`);
        if (STACK.test(text)) problems.push("stack trace in the answer");
        if (problems.length > 0) {
          const shown = c.path.length > 90 ? `${c.path.slice(0, 90)}…` : c.path;
          failures.push(`${c.hardening ? "[hardening] " : ""}${c.family}: ${c.method} ${shown} as ${c.caller}: ${problems.join(", ")}: ${text.slice(0, 140).replace(/\s+/g, " ")}`);
        }
        families.set(c.family, (families.get(c.family) ?? 0) + 1);
      };
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < cases.length) {
            const index = next++;
            await run(cases[index], index);
          }
        }),
      );
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    const after = await snapshot(target);
    expect(Number(after.limit_hits.split(" ")[0])).toBeGreaterThanOrEqual(Number(before.limit_hits.split(" ")[0]));
    const logged = server.lines.filter((line) => /"level":"error"|"status":5\d\d|^\s+at /.test(line));

    console.log(
      `Hostile input (seed ${SEED}): ${cases.length} cases tried over ${new Set(cases.map((c) => c.path.split("?")[0].replace(/\/[^/]*$/, "/…"))).size} paths, ` +
        `${cases.length - failures.length} refused as required, ${failures.length} not; ${Object.keys(before).length} tables compared\n` +
        [...families].map(([family, n]) => `  ${String(n).padStart(3)}  ${family}`).join("\n"),
    );
    if (failures.length > 0) console.log(`Not refused as required:\n  ${failures.join("\n  ")}`);
    // The throttle ledger is the one table whose purpose is to count attempts, refused ones included
    // (a registration reserves its slot before the slow work): there, rows may only be added,
    // and only as throttle entries of the kind the cases can cause.
    const ledger = await withDb(target, (db) => queryRows<{ key: string }>(db, sql`select key from limit_hits order by created_at`));
    const ledgerKeys = [...new Set(ledger.map((r) => r.key.replace(/:.*$/, ":…")))];
    console.log(`limit_hits: ${ledger.length} throttle entries after the run (${ledgerKeys.join(", ") || "none"})`);
    // (altcha:… counts the proof-of-work challenges the runner fetched for the cases that carry one;
    // vote:… a vote attempt that passed the checks before the vote, refused by the vote itself.)
    expect(ledgerKeys.filter((k) => !/^(register|contact|site|altcha|vote):…$/.test(k))).toEqual([]);
    delete before.limit_hits;
    delete after.limit_hits;
    // Likewise the spent proof-of-work solutions: a registration spends its solved check before it reads the
    // picture, so a refused picture still adds its solution there, and only there.
    console.log(`altcha_used: ${before.altcha_used?.split(" ")[0]} -> ${after.altcha_used?.split(" ")[0]} solutions spent`);
    delete before.altcha_used;
    delete after.altcha_used;
    const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    if (changed.length > 0) console.log(`Tables changed: ${changed.map((t) => `${t} (${before[t]} -> ${after[t]})`).join(", ")}`);
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);
    expect(changed).toEqual([]);
  });
});
