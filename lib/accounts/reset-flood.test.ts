// Reset floods must not lock people out of signing in. POST /api/password/reset used to hash the new
// password before looking at the token, with no limit, in the hash queue sign-in uses: 150 forged
// tokens turned real sign-ins into 503 "Too many sign-ins". Now a forged, used or expired token is
// refused before any hash, each client has RESET_ATTEMPTS_PER_CLIENT tries in 15 minutes, and even
// real tokens hash in a lane of their own that a waiting sign-in always goes before.
import { randomBytes, randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientAddresses, mailRoutes, mailSite } from "@/tests/mail-site";

const { tokenIn } = await mailSite({ logLevel: "error" });

const { forgot, reset } = await mailRoutes();
const { hitKey, limitMax } = await import("@/lib/limits/apply");
const { hashPassword, hashQueueState, resetQueueState } = await import("@/lib/auth/password");
const { getDb } = await import("@/lib/db");
const { authenticateWithPassword } = await import("./users");
const { limitHits } = await import("@/models");
const { createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { withAltcha } = await import("@/tests/altcha-call");
const { signInWithPassword } = await import("@/tests/session-cookie");
const SITE_AUTH_KEY = hitKey("signIn.site");
const RESET_ATTEMPTS_PER_CLIENT = limitMax("reset.client");

const nextClientHeaders = clientAddresses("10.91");
const nextClient = () => nextClientHeaders()["x-forwarded-for"];

async function mailedReset(email: string): Promise<string> {
  const asked = await call(forgot, await withAltcha({ method: "POST", body: { email }, headers: { "x-forwarded-for": nextClient() } }));
  expect(asked.status).toBe(200);
  return tokenIn(email, "reset-password");
}

const resetFrom = (address: string, token: string, password = "attacker-password") =>
  call(reset, { method: "POST", body: { token, password }, headers: { "x-forwarded-for": address } }).then((r) => r.status);

/** Forged tokens: half real ids with a wrong secret, half made up. */
const forgedTokens = (realId: string, n: number) =>
  Array.from({ length: n }, (_, i) => (i % 2 ? `${realId}.${"A".repeat(43)}` : `${randomUUID()}.${randomBytes(32).toString("base64url")}`));

/** Samples the hash queue while `work` runs: the most reset hashes that ran and sign-ins that waited. */
async function watchingHashes<T>(work: () => Promise<T>): Promise<{ result: T; resetHashes: number; signInsWaiting: number }> {
  let resetHashes = 0;
  let signInsWaiting = 0;
  const timer = setInterval(() => {
    resetHashes = Math.max(resetHashes, resetQueueState().running);
    signInsWaiting = Math.max(signInsWaiting, hashQueueState().waiting);
  }, 1);
  try {
    return { result: await work(), resetHashes, signInsWaiting };
  } finally {
    clearInterval(timer);
  }
}

describe("a flood of reset requests", () => {
  it("150 forged tokens from one client: 400 then 429, no hash, and a real sign-in meanwhile succeeds", async () => {
    const person = await createUser({ email: "signs-in-1@example.test", passwordHash: await hashPassword("right-password") });
    const victim = await createUser({ email: "victim-1@example.test", passwordHash: await hashPassword("victim-password") });
    const realToken = await mailedReset(victim.email);
    const attacker = nextClient();

    const { result, resetHashes } = await watchingHashes(async () => {
      const flood = forgedTokens(realToken.split(".")[0], 150).map((token) => resetFrom(attacker, token));
      const signIn = signInWithPassword(person.email, "right-password", { address: nextClient() });
      return { statuses: await Promise.all(flood), cookie: await signIn };
    });
    expect(result.cookie).toBeTruthy();
    expect(result.statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(result.statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(RESET_ATTEMPTS_PER_CLIENT);
    expect(resetHashes).toBe(0);

    // The attacker's client is spent even for a real token; the victim's own reset still works.
    expect(await resetFrom(attacker, realToken)).toBe(429);
    expect(await resetFrom(nextClient(), realToken, "victims-new-password")).toBe(200);
    expect(await authenticateWithPassword({ email: victim.email, password: "victims-new-password" }, nextClient())).toMatchObject({ id: victim.id });
  }, 60_000);

  it("150 forged tokens from 150 clients: each a 400 without a hash, and sign-in is unaffected", async () => {
    const person = await createUser({ email: "signs-in-2@example.test", passwordHash: await hashPassword("right-password") });
    const { result, resetHashes, signInsWaiting } = await watchingHashes(async () => {
      const flood = forgedTokens(randomUUID(), 150).map((token) => resetFrom(nextClient(), token));
      const signIn = signInWithPassword(person.email, "right-password", { address: nextClient() });
      return { statuses: await Promise.all(flood), cookie: await signIn };
    });
    expect(result.cookie).toBeTruthy();
    expect(new Set(result.statuses)).toEqual(new Set([400]));
    expect(resetHashes).toBe(0);
    expect(signInsWaiting).toBe(0);
  }, 60_000);

  it("one real token sent 30 times at once: one reset, never a refused sign-in", async () => {
    const person = await createUser({ email: "signs-in-3@example.test", passwordHash: await hashPassword("right-password") });
    const owner = await createUser({ email: "owner-3@example.test", passwordHash: await hashPassword("owner-password") });
    const token = await mailedReset(owner.email);
    const { result, resetHashes } = await watchingHashes(async () => {
      const burst = Array.from({ length: 30 }, () => resetFrom(nextClient(), token, "owners-new-password"));
      const signIns = [signInWithPassword(person.email, "right-password", { address: nextClient() }), signInWithPassword(person.email, "right-password", { address: nextClient() })];
      return { statuses: await Promise.all(burst), cookies: await Promise.all(signIns) };
    });
    expect(result.cookies.every(Boolean)).toBe(true);
    expect(result.statuses.filter((s) => s === 200)).toHaveLength(1);
    // The rest: the link was used meanwhile (400), or the reset lane was full (503, resets only).
    expect(result.statuses.filter((s) => s !== 200 && s !== 400 && s !== 503)).toEqual([]);
    expect(resetHashes).toBeLessThanOrEqual(1);
    expect(await authenticateWithPassword({ email: owner.email, password: "owners-new-password" }, nextClient())).toMatchObject({ id: owner.id });
  }, 60_000);

  it("forgot-password requests do not spend the site's sign-in budget", async () => {
    const person = await createUser({ email: "forgetful@example.test" });
    const db = await getDb();
    const siteAttempts = async () => (await db.select({ n: count() }).from(limitHits).where(and(eq(limitHits.key, SITE_AUTH_KEY))))[0].n;
    const before = await siteAttempts();
    await mailedReset(person.email);
    expect(await siteAttempts()).toBe(before);
  });
});
