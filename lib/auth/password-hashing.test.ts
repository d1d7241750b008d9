// Argon2id, old scrypt hashes still accepted and upgraded, a bounded number of hashes
// in flight (a short queue, then 503), and a site-wide cap on sign-in attempts per minute.
import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { hitKey } from "@/lib/limits/apply";
import {
  HASH_CONCURRENCY,
  HASH_QUEUE_LENGTH,
  HashQueueFull,
  hashPassword,
  hashQueueState,
  needsRehash,
  verifyPassword,
  withHashSlot,
} from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { authenticateWithPassword } from "@/lib/accounts/users";
import { limitHits, users } from "@/models";
import { createUser } from "@/tests/factories";
import { postCredentials } from "@/tests/session-cookie";

const SITE_AUTH_KEY = hitKey("signIn.site");

// argon2 itself, counted: every verification the app asks of it passes through here unchanged.
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) =>
  (await import("@/tests/counted")).counted(await importOriginal<typeof import("@node-rs/argon2")>(), "verify", () => argon2Calls.verify++),
);

/** A hash as the app stored them before argon2id (scrypt N = 2^17, r = 8, p = 1). */
function legacyScryptHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 17 * 8 });
  return `scrypt$131072$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

describe("password hashing", () => {
  it("hashes with argon2id at m = 19 MiB, t = 2, p = 1", async () => {
    const stored = await hashPassword("a long passphrase");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("a long passphrase", stored)).toBe(true);
    expect(await verifyPassword("another passphrase", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("accepts an old scrypt hash and upgrades it to argon2id at the next successful sign-in", async () => {
    const legacy = legacyScryptHash("old-password");
    expect(await verifyPassword("old-password", legacy)).toBe(true);
    expect(needsRehash(legacy)).toBe(true);
    const person = await createUser({ email: "legacy@example.test", passwordHash: legacy });
    // A wrong password leaves the hash alone.
    expect(await authenticateWithPassword({ email: person.email, password: "wrong-password" }, "10.30.0.1")).toBeNull();
    const db = await getDb();
    const [unchanged] = await db.select().from(users).where(eq(users.id, person.id));
    expect(unchanged.passwordHash).toBe(legacy);
    expect(await authenticateWithPassword({ email: person.email, password: "old-password" }, "10.30.0.1")).toMatchObject({ id: person.id });
    const [upgraded] = await db.select().from(users).where(eq(users.id, person.id));
    expect(upgraded.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword("old-password", upgraded.passwordHash!)).toBe(true);
    expect(await authenticateWithPassword({ email: person.email, password: "old-password" }, "10.30.0.1")).toMatchObject({ id: person.id });
  }, 240_000); // scrypt at N = 2^17 is about a second a hash, far more on a loaded machine

  it(`runs at most ${HASH_CONCURRENCY} hashes at once, queues ${HASH_QUEUE_LENGTH} more, and refuses the rest at once`, async () => {
    let peak = 0;
    const releases: (() => void)[] = [];
    const blocked = () =>
      withHashSlot(async () => {
        peak = Math.max(peak, hashQueueState().running);
        await new Promise<void>((resolve) => releases.push(resolve));
      });
    const admitted = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LENGTH }, blocked);
    await vi.waitFor(() => expect(hashQueueState()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_LENGTH }));
    // At once: refused before the event loop turns (no slot was freed, no queue timer ran), and it
    // never joined the queue.
    const refused = withHashSlot(async () => "never");
    const outcome = await Promise.race([refused.then(() => "ran", (error: unknown) => error), new Promise((r) => setImmediate(() => r("still waiting")))]);
    expect(outcome).toBeInstanceOf(HashQueueFull);
    expect(hashQueueState()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_LENGTH });
    // Let them all through (each release hands its slot to the next in line).
    while (releases.length || hashQueueState().running) {
      for (const release of releases.splice(0)) release();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(admitted);
    expect(peak).toBe(HASH_CONCURRENCY);
    expect(hashQueueState()).toEqual({ running: 0, waiting: 0 });
  });

  it("a queued hash that waits too long is refused with 503 and leaves the queue", async () => {
    const releases: (() => void)[] = [];
    const holders = Array.from({ length: HASH_CONCURRENCY }, () => withHashSlot(() => new Promise<void>((r) => releases.push(r))));
    const waiter = withHashSlot(async () => "late");
    await expect(waiter).rejects.toMatchObject({ status: 503 });
    expect(hashQueueState().waiting).toBe(0);
    for (const release of releases) release();
    await Promise.all(holders);
    expect(hashQueueState()).toEqual({ running: 0, waiting: 0 });
  }, 10_000);

  it("an unknown email still costs an argon2 verification (no timing oracle) and counts as a failure", async () => {
    const before = argon2Calls.verify;
    expect(await authenticateWithPassword({ email: "nobody-here@example.test", password: "some-password" }, "10.31.0.1")).toBeNull();
    expect(argon2Calls.verify - before).toBe(1);
    const db = await getDb();
    expect(await db.select().from(limitHits).where(eq(limitHits.key, hitKey("signIn.account", "nobody-here@example.test")))).toHaveLength(1);
  });
});

describe("a full hash queue", () => {
  it("answers a sign-in 503 'try again in a moment' at once, before any database work", async () => {
    const releases: (() => void)[] = [];
    const holders = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_LENGTH }, () => withHashSlot(() => new Promise<void>((r) => releases.push(r))));
    await vi.waitFor(() => expect(hashQueueState()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE_LENGTH }));
    const { response } = await postCredentials("queued@example.test", "some-password", { address: "10.33.0.1" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeTruthy();
    // The API's documented error body, nothing else.
    expect(await response.json()).toEqual({ error: { code: "service_unavailable", message: expect.stringMatching(/try again in a moment/), requestId: expect.any(String) } });
    const db = await getDb();
    expect(await db.select().from(limitHits).where(eq(limitHits.key, "email:queued@example.test"))).toHaveLength(0);
    while (releases.length || hashQueueState().running) {
      for (const release of releases.splice(0)) release();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(holders);
  });
});

describe("site-wide cap on sign-in attempts", () => {
  it("refuses every sign-in with 503 'try again in a moment' once the site's attempts of the minute reach the cap", async () => {
    const person = await createUser({ email: "capped@example.test", passwordHash: await hashPassword("right-password") });
    const db = await getDb();
    // 600 attempts (the default AUTH_ATTEMPTS_PER_MINUTE) from all over in the last minute.
    await db.insert(limitHits).values(Array.from({ length: 600 }, () => ({ key: SITE_AUTH_KEY })));
    await expect(authenticateWithPassword({ email: person.email, password: "right-password" }, "10.32.0.1")).rejects.toMatchObject({ status: 429 });

    const { response } = await postCredentials(person.email, "right-password", { address: "10.32.0.2" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: { code: "service_unavailable", message: expect.stringMatching(/try again in a moment/), requestId: expect.any(String) } });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);

    // A minute later the attempts no longer count.
    await db.update(limitHits).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(limitHits.key, SITE_AUTH_KEY));
    expect(await authenticateWithPassword({ email: person.email, password: "right-password" }, "10.32.0.3")).toMatchObject({ id: person.id });
  });
});
