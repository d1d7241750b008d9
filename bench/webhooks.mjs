// Webhook deliveries, for `npm run bench` (section 12; alone: `node bench/webhooks.mjs`), on a production
// server over a throwaway embedded database with WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP on, sending
// to a receiver on loopback that verifies every delivery with the `standardwebhooks` package:
// - deliveries per second from one server: 2,000 deliveries queued while the server is stopped, then sent by
//   its `webhooks.deliver` job as it starts (first to last delivery received);
// - `vote.created` under 100 votes a second on one survey for 10 seconds: how many deliveries the receiver
//   gets (batched: one per survey and endpoint every 5 seconds), and whether the last carries the final totals.
import { createHash, randomBytes } from "node:crypto";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Webhook } from "standardwebhooks";
import { serverEnv, waitFor } from "../scripts/lib/throwaway-server.mjs";
import { apiToken } from "./lib/api-token.mjs";

const QUEUED = 2000;
const VOTES_PER_SECOND = 100;
const VOTE_SECONDS = 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A receiver on loopback that verifies each delivery (once its secret is known) and notes when it came. */
async function startReceiver() {
  const received = [];
  let hook = null;
  let bad = 0;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (c) => chunks.push(c));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = hook.verify(body, request.headers);
        received.push({ at: performance.now(), id: request.headers["webhook-id"], event });
      } catch {
        bad++;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    received,
    bad: () => bad,
    trust: (secret) => (hook = new Webhook(secret)),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The demo surveyor, an API key of theirs (stored as the site stores one: its SHA-256), an open survey of theirs, and voters. */
async function prepare(dataDir) {
  const db = new PGlite(path.join(dataDir, "pgdata"));
  const { rows: [surveyor] } = await db.query(`SELECT id FROM users WHERE email = 'surveyor@demo.test'`);
  const { rows: [survey] } = await db.query(`SELECT id FROM surveys WHERE surveyor_id = $1 AND status = 'publish' AND deadline > current_date ORDER BY created_at LIMIT 1`, [surveyor.id]);
  const key = `opx_${randomBytes(32).toString("base64url")}`;
  await db.query(`INSERT INTO api_keys (user_id, name, prefix, secret_hash, scopes) VALUES ($1, 'bench', $2, $3, '{webhooks:write}')`, [
    surveyor.id,
    key.slice(0, 12),
    createHash("sha256").update(key).digest("hex"),
  ]);
  const count = VOTES_PER_SECOND * VOTE_SECONDS;
  const { rows: voters } = await db.query(`INSERT INTO users (email, name, role) SELECT 'hook-voter-' || g || '@bench.test', 'Voter ' || g, 'user' FROM generate_series(1, ${count}) g RETURNING id`);
  await db.close();
  return { key, surveyId: survey.id, voters: voters.map((v) => v.id) };
}

/** Queues `n` deliveries of a report for the endpoint, as the report route would, while no server holds the folder. */
async function queueDeliveries(dataDir, endpointId, surveyId, n) {
  const db = new PGlite(path.join(dataDir, "pgdata"));
  const { rows: [s] } = await db.query(`SELECT title, question_title, deadline::text, status FROM surveys WHERE id = $1`, [surveyId]);
  const payload = (i) => ({
    type: "survey.reported",
    timestamp: new Date().toISOString(),
    data: { survey: { id: surveyId, title: s.title, question: s.question_title, deadline: s.deadline, status: s.status, url: `http://localhost/survey/details/${surveyId}` }, reports: i + 1 },
  });
  for (let i = 0; i < n; i += 500) {
    const batch = Array.from({ length: Math.min(500, n - i) }, (_, j) => JSON.stringify(payload(i + j)));
    await db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_type, survey_id, payload) SELECT $1, 'survey.reported', $2, p::jsonb FROM unnest($3::text[]) p`,
      [endpointId, surveyId, batch],
    );
  }
  await db.close();
}

function start(env) {
  return spawn("npm", ["start", "--silent"], { env, stdio: ["ignore", "ignore", "inherit"] });
}
async function stopChild(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(30_000)]);
}

/** `VOTES_PER_SECOND` votes a second from distinct people on one survey, for `VOTE_SECONDS`. */
async function voteSteadily(base, secret, surveyId, voters) {
  let accepted = 0;
  const inFlight = [];
  const started = performance.now();
  for (let i = 0; i < voters.length; i++) {
    const due = started + (i * 1000) / VOTES_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      fetch(`${base}/api/vote/${surveyId}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${apiToken(secret, voters[i])}`, "content-type": "application/json" },
        body: JSON.stringify({ vote: i % 3 ? "yes" : "no" }),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) accepted++;
      }),
    );
  }
  await Promise.all(inFlight);
  return { accepted, seconds: (performance.now() - started) / 1000 };
}

export async function benchWebhooks({ row, fmt, ok, port, log }) {
  log("webhooks: deliveries per second, and vote.created batching...");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-bench-webhooks-"));
  const env = serverEnv({ port, dataDir, extra: { LOG_LEVEL: "silent", WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_ALLOW_HTTP: "true" } });
  const base = `http://localhost:${port}`;
  const receiver = await startReceiver();
  let child = null;
  try {
    execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { env, stdio: "ignore" });
    const { key, surveyId, voters } = await prepare(dataDir);

    child = start(env);
    await waitFor(`${base}/api/health/ready`);
    const added = await fetch(`${base}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url, events: ["survey.reported", "vote.created"] }),
    });
    if (added.status !== 201) throw new Error(`POST /api/v1/webhooks answered ${added.status}: ${await added.text()}`);
    const endpoint = await added.json();
    receiver.trust(endpoint.secret);
    await stopChild(child);

    // ---- deliveries per second: a backlog sent by one server's job
    await queueDeliveries(dataDir, endpoint.id, surveyId, QUEUED);
    child = start(env);
    const deadline = performance.now() + 60_000;
    while (receiver.received.length < QUEUED && performance.now() < deadline) await sleep(50);
    const sent = receiver.received.filter((r) => r.event.type === "survey.reported");
    const seconds = (sent.at(-1).at - sent[0].at) / 1000;
    const perSecond = (sent.length - 1) / seconds;
    const unique = new Set(sent.map((r) => r.id)).size;
    row(
      "12 webhooks",
      `deliveries per second from one server to a loopback receiver (${QUEUED} queued, 20 in flight)`,
      `${fmt(perSecond)}/s (${sent.length} received in ${fmt(seconds, 1)} s, ${unique} distinct webhook-ids, ${receiver.bad()} bad signatures)`,
      "every one once, verified",
      ok(sent.length === QUEUED && unique === QUEUED && receiver.bad() === 0),
    );

    // ---- 100 votes a second on one survey
    const before = receiver.received.length;
    const votes = await voteSteadily(base, env.AUTH_SECRET, surveyId, voters);
    await sleep(7000); // the last batch is due 5 s after its first vote, and the job polls every 2 s
    const batches = receiver.received.slice(before).filter((r) => r.event.type === "vote.created" && r.event.data.survey.id === surveyId);
    await stopChild(child);
    child = null;
    const db = new PGlite(path.join(dataDir, "pgdata"));
    const { rows: [counts] } = await db.query(`SELECT yes_count AS yes, no_count AS no FROM surveys WHERE id = $1`, [surveyId]);
    await db.close();
    const final = batches.at(-1)?.event.data.totals;
    const lastIsFinal = final !== undefined && final.yes === counts.yes && final.no === counts.no;
    row(
      "12 webhooks",
      `vote.created for ${VOTES_PER_SECOND} votes a second on one survey for ${VOTE_SECONDS} s`,
      `${batches.length} deliveries for ${votes.accepted} votes in ${fmt(votes.seconds, 1)} s (totals ${batches.map((b) => b.event.data.totals.total).join(", ")}); the last carries the final totals: ${lastIsFinal ? "yes" : "no"}`,
      `about 1 per 5 s (<= ${Math.ceil(VOTE_SECONDS / 5) + 2})`,
      ok(batches.length >= 1 && batches.length <= Math.ceil(VOTE_SECONDS / 5) + 2 && lastIsFinal),
    );
  } finally {
    if (child) await stopChild(child);
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bench/webhooks.mjs`: only these rows.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  await benchWebhooks({
    row: (...cells) => console.log(`| ${cells.join(" | ")} |`),
    fmt,
    ok: (pass) => (pass ? "met" : "MISSED"),
    port: Number(process.env.BENCH_PORT ?? 5510) + 5,
    log: (...args) => console.error("·", ...args),
  });
}
