// The mail outbox under faults, on two production servers (`npm start`) sharing one PostgreSQL
// database: 1,000 queued mails, an SMTP relay that refuses the first attempts and then 30 % of them,
// and one server killed (kill -9) while it holds mail it claimed, then started again. Every mail must
// arrive exactly once. And the close job, run by both servers as they start together: each closed
// survey announced once, each mail once.
import os from "node:os";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox, surveys, users, votes } from "@/models";
import { startTestSmtp, type TestSmtp } from "@/tests/smtp";
import { PG_URL, baseEnv, crashServer, createPgDatabase, hasBuild, seed, startServer, stopServer, withDb, type Server } from "./helpers";

const runnable = hasBuild && Boolean(PG_URL);
if (!runnable) console.warn("tests/ops/mail-outbox: skipped (needs a production build and TEST_DATABASE_URL); .ci/run provides them.");

const MAILS = 1000;
const servers: Server[] = [];
let smtp: TestSmtp | undefined;
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  for (const server of servers) await stopServer(server).catch(() => {});
  await smtp?.close();
  await drop?.();
});

async function waitFor(what: string, ms: number, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!runnable)("the mail outbox under faults", () => {
  it("1,000 mails, 30 % of SMTP attempts refused, two servers, one killed mid-send and restarted: 1,000 delivered, none twice", async () => {
    smtp = await startTestSmtp();
    const database = await createPgDatabase();
    drop = database.drop;
    const target = { url: database.url };
    const env = baseEnv({ DATABASE_URL: database.url, SMTP_URL: smtp.url, LOG_LEVEL: "error" });
    seed(env);
    await withDb(target, async (db) => {
      for (let i = 0; i < MAILS; i += 250) {
        await db.insert(mailOutbox).values(
          Array.from({ length: 250 }, (_, j) => ({ kind: "fault_test", toAddress: `m${i + j}@fault.test`, subject: `Mail ${i + j}`, textBody: "text", htmlBody: "<p>html</p>" })),
        );
      }
    });

    const started = Date.now();
    smtp.failFirst(100);
    smtp.failRate(0.3);
    // Time passes faster here than in production: retries scheduled by the backoff are made due at
    // once, so the test does not wait minutes. Leases (a claimed mail's owner) are left alone.
    const clock = new Client({ connectionString: database.url });
    await clock.connect();
    const fastForward = setInterval(() => {
      clock.query("update mail_outbox set next_attempt_at = now() where sent_at is null and next_attempt_at > now()").catch(() => {});
    }, 500);
    try {
      const a = await startServer(4621, env);
      const b = await startServer(4622, env);
      servers.push(a, b);
      const unique = () => new Set(smtp!.mails.map((m) => m.to)).size;
      await waitFor("400 delivered", 120_000, () => unique() >= 400);

      // A relay that stops answering and will refuse what it is sent: each server now holds the mail
      // it claimed, waiting for replies.
      smtp.hold();
      smtp.failRate(1);
      const workerA = `${os.hostname()}:${a.serverPid}`;
      const count = async (where: string, ...values: unknown[]) =>
        (await clock.query<{ n: number }>(`select count(*)::int as n from mail_outbox where ${where}`, values)).rows[0].n;
      const heldByA = async () =>
        (await clock.query<{ id: string }>("select id from mail_outbox where sent_at is null and locked_by = $1 and locked_until > now()", [workerA])).rows.map((r) => r.id);
      // A mail the relay acknowledged just before the hold may still be on its way to being marked
      // sent: killed then, a server rightly sends it again (SMTP delivers at least once). The crash
      // must come while every mail A holds waits for a reply, which is what this test is about.
      const acknowledged = () => new Set(smtp!.mails.map((m) => m.messageId.replace(/^<|@.*$/g, "")));
      await waitFor("server A holding only unanswered mail", 30_000, async () => {
        const held = await heldByA();
        const done = acknowledged();
        return held.length > 0 && held.every((id) => !done.has(id));
      });
      crashServer(a);
      await a.exited;
      const orphaned = (await heldByA()).length;
      const deliveredAtCrash = unique();
      // The dead server's leases would run out by themselves after two minutes; end them now.
      await clock.query("update mail_outbox set locked_until = now() where locked_by = $1", [workerA]);

      smtp.release();
      smtp.failRate(0.3);
      const restarted = await startServer(4621, env);
      servers.push(restarted);
      await waitFor("every mail sent", 240_000, async () => (await count("sent_at is null")) === 0);

      const received = smtp.mails.filter((m) => m.to.endsWith("@fault.test"));
      const duplicates = received.length - new Set(received.map((m) => m.to)).size;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `mail outbox fault test: ${MAILS} queued; ${smtp.refused} SMTP attempts refused; server A killed holding ${orphaned} claimed mail (${smtp.connectionErrors} SMTP connections reset) after ${deliveredAtCrash} were delivered, then restarted; ${new Set(received.map((m) => m.to)).size} delivered, ${duplicates} duplicates, in ${seconds} s`,
      );
      expect(new Set(received.map((m) => m.to)).size).toBe(MAILS);
      expect(duplicates).toBe(0);
      expect(orphaned).toBeGreaterThan(0);
      expect(await count("failed_at is not null")).toBe(0);
    } finally {
      clearInterval(fastForward);
      await clock.end();
    }
  });

  it("two servers starting together run the close job: each closed survey's result mailed once to each voter who asked, its news once to its surveyor", async () => {
    const relay = await startTestSmtp();
    const database = await createPgDatabase();
    const env = baseEnv({ DATABASE_URL: database.url, SMTP_URL: relay.url, LOG_LEVEL: "error" });
    seed(env);
    const SURVEYS = 20;
    const ASKERS = 5;
    await withDb({ url: database.url }, async (db) => {
      const people = await db
        .insert(users)
        .values(Array.from({ length: SURVEYS * (ASKERS + 1) }, (_, i) => ({ email: `p${i}@close.test`, name: `Person ${i}`, emailVerified: new Date() })))
        .returning({ id: users.id });
      for (let s = 0; s < SURVEYS; s++) {
        const surveyor = people[s * (ASKERS + 1)];
        const [survey] = await db
          .insert(surveys)
          .values({
            title: `Closed survey ${s}`,
            description: "Closed before the servers started.",
            category: "Technology",
            deadline: "2020-01-01",
            questionTitle: "Yes or no?",
            questionDescription: "A question.",
            surveyorId: surveyor.id,
            yesCount: ASKERS,
          })
          .returning({ id: surveys.id });
        const askers = people.slice(s * (ASKERS + 1) + 1, (s + 1) * (ASKERS + 1));
        await db.insert(votes).values(askers.map((a) => ({ surveyId: survey.id, userId: a.id, vote: "yes" as const, notifyResult: true })));
      }
    });
    const both = await Promise.all([startServer(4623, env), startServer(4624, env)]);
    servers.push(...both);
    try {
      const ours = () => relay.mails.filter((m) => m.to.endsWith("@close.test"));
      await waitFor("every close mail", 60_000, () => ours().length >= SURVEYS * (ASKERS + 1));
      // Both servers have run the job by now; give a second run a moment to (wrongly) send again.
      await new Promise((r) => setTimeout(r, 3000));
      const mails = ours();
      const pairs = new Set(mails.map((m) => `${m.to} ${m.subject}`));
      console.log(`close job on two servers: ${SURVEYS} closed surveys, ${mails.length} mails, ${pairs.size} distinct`);
      expect(mails).toHaveLength(SURVEYS * (ASKERS + 1));
      expect(pairs.size).toBe(mails.length);
      expect(mails.filter((m) => m.subject.startsWith("The result: "))).toHaveLength(SURVEYS * ASKERS);
      expect(mails.filter((m) => m.subject.startsWith("Your survey has closed: "))).toHaveLength(SURVEYS);
    } finally {
      for (const server of both) await stopServer(server);
      await relay.close();
      await database.drop();
    }
  });
});
