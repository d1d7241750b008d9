// Webhook deliveries from production servers (`npm start`) to a receiver on loopback that verifies each
// one with the `standardwebhooks` package (WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP on):
// - a server killed (kill -9) while the receiver holds its delivery open delivers it after it is started
//   again, with the same webhook-id (the receiver can drop the repeat), once the dead server's lease ends;
// - two servers on one PostgreSQL database deliver each of 500 queued events once.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { apiKeys, surveys, users, webhookDeliveries } from "@/models";
import { startReceiver, type Receiver } from "@/tests/webhook-receiver";
import { PG_URL, apiToken, baseEnv, crashServer, createPgDatabase, createVoters, hasBuild, seed, startServer, stopServer, tempDir, withDb, type Server } from "./helpers";

if (!hasBuild) console.warn("tests/ops/webhooks: no production build (.next): run `npm run build` first; skipping.");

const HOOKS = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_ALLOW_HTTP: "true", LOG_LEVEL: "error" };
const servers: Server[] = [];
const receivers: Receiver[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const server of servers) await stopServer(server, "SIGKILL").catch(() => {});
  for (const receiver of receivers) await receiver.close();
  for (const cleanup of cleanups) await cleanup();
});

type Target = { url?: string; dataDir?: string };

/** The demo surveyor, an API key of theirs with `webhooks:write` (stored as the site stores one), and a published survey of theirs. */
async function surveyorKey(target: Target) {
  return withDb(target, async (db) => {
    const [surveyor] = await db.select({ id: users.id }).from(users).where(eq(users.email, "surveyor@demo.test"));
    const [survey] = await queryRows<{ id: string }>(db, sql`select id from ${surveys} where surveyor_id = ${surveyor.id} and status = 'publish' and deadline > current_date limit 1`);
    const key = `opx_${randomBytes(32).toString("base64url")}`;
    await db.insert(apiKeys).values({ userId: surveyor.id, name: "ops", prefix: key.slice(0, 12), secretHash: createHash("sha256").update(key).digest("hex"), scopes: ["webhooks:write"] });
    return { key, surveyId: survey.id };
  });
}

async function addEndpoint(server: Server, key: string, url: string) {
  const res = await fetch(`${server.url}/api/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ url, events: ["survey.reported"] }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; secret: string };
}

describe.skipIf(!hasBuild)("webhooks from production servers", () => {
  it("a server killed mid-delivery delivers after it is started again, with the same webhook-id", async () => {
    const dataDir = tempDir("webhooks");
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = baseEnv({ DATA_DIR: dataDir, ...HOOKS });
    seed(env);
    const { key, surveyId } = await surveyorKey({ dataDir });
    const [reporter] = await createVoters({ dataDir }, 1);
    const receiver = await startReceiver();
    receivers.push(receiver);
    let server = await startServer(4631, env);
    servers.push(server);
    const endpoint = await addEndpoint(server, key, `${receiver.url}/crash`);

    // The receiver holds the first request open: the server sent it and waits for the answer.
    receiver.hold();
    const reported = await fetch(`${server.url}/api/report_survey/${surveyId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${apiToken(reporter.id)}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(reported.status).toBe(200);
    await receiver.waitFor((r) => r.length === 1, 20_000);
    crashServer(server);
    await server.exited;

    // Its lease would lapse by itself a minute later; end it now, as that minute passing would.
    const [held] = await withDb({ dataDir }, async (db) => {
      const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      await db.update(webhookDeliveries).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(webhookDeliveries.endpointId, endpoint.id));
      return rows;
    });
    expect(held).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(held.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    receiver.release();

    server = await startServer(4631, env);
    servers.push(server);
    await receiver.waitFor((r) => r.length === 2, 30_000);
    const payloads = receiver.verified(endpoint.secret);
    expect(payloads.map((p) => p.type)).toEqual(["survey.reported", "survey.reported"]);
    expect(payloads[1].id).toBe(payloads[0].id);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    await stopServer(server);
    const [row] = await withDb({ dataDir }, (db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)));
    expect(row).toMatchObject({ attempts: 2, lastStatus: 204 });
    expect(row.deliveredAt).not.toBeNull();
    console.log(`webhooks crash test: delivery ${payloads[0].id} held when the server was killed, delivered again after the restart (attempt 2)`);
  });

  it.skipIf(!PG_URL)("two servers on one database deliver each of 500 events once", async () => {
    const database = await createPgDatabase();
    cleanups.push(database.drop);
    const env = baseEnv({ DATABASE_URL: database.url, ...HOOKS });
    seed(env);
    const { key, surveyId } = await surveyorKey({ url: database.url });
    const receiver = await startReceiver();
    receivers.push(receiver);
    const a = await startServer(4632, env);
    const b = await startServer(4633, env);
    servers.push(a, b);
    const endpoint = await addEndpoint(a, key, `${receiver.url}/two`);

    // 500 deliveries due at once, as 500 reports would queue them, for both servers' jobs to claim.
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        `insert into webhook_deliveries (endpoint_id, event_type, survey_id, payload)
         select $1, 'survey.reported', $2, jsonb_build_object('type', 'survey.reported', 'timestamp', now(), 'data', jsonb_build_object('n', g))
         from generate_series(1, 500) g`,
        [endpoint.id, surveyId],
      );
      await receiver.waitFor((r) => r.length >= 500, 60_000);
      // Anything sent twice would arrive within the next job runs.
      await new Promise((r) => setTimeout(r, 3000));
      const { rows: [done] } = await client.query<{ n: number }>("select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and delivered_at is not null", [endpoint.id]);
      const ids = receiver.verified(endpoint.secret).map((p) => p.id);
      console.log(`webhooks two servers: ${ids.length} requests, ${new Set(ids).size} distinct webhook-ids, ${done.n} marked delivered`);
      expect(ids).toHaveLength(500);
      expect(new Set(ids).size).toBe(500);
      expect(done.n).toBe(500);
    } finally {
      await client.end();
    }
  });
});
