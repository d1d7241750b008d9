// The 10-failure lock cannot be passed by sending the guesses in parallel. The attempt
// is reserved in the database before the password is verified, so at most 10 are ever verified.
import { count, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { limitMax } from "@/lib/limits/apply";
import { authenticateWithPassword } from "@/lib/accounts/users";
import { limitHits } from "@/models";
import { createUser } from "@/tests/factories";

const THROTTLE_MAX_FAILURES = limitMax("signIn.account");

const ORIGIN = "http://localhost:3000";

async function csrf() {
  const res = await GET(new NextRequest(`${ORIGIN}/api/auth/csrf`));
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { csrfToken, cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

async function signIn(email: string, password: string, address: string, token: { csrfToken: string; cookie: string }) {
  const response = await POST(
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: token.cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-forwarded-for": address },
      body: new URLSearchParams({ email, password, csrfToken: token.csrfToken, callbackUrl: "/" }),
    }),
  );
  // Auth.js's answers carry `url`; the throttle's refusals are the API's error body.
  const { url = "" } = (await response.json()) as { url?: string };
  const session = response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="));
  // Verified and wrong: Auth.js's plain CredentialsSignin. Refused unverified: 429 / code=too_many_attempts
  // (the lock), or 503 / code=busy (the hash queue was full on a loaded machine).
  const refused = response.status === 429 || response.status === 503 || url.includes("code=too_many_attempts") || url.includes("code=busy");
  return { status: response.status, url, session, refused, verifiedWrong: !session && !refused };
}

describe("parallel password guesses", () => {
  it("30 wrong guesses and the right one sent at once: at most 10 are verified, then the account is locked", async () => {
    await createUser({ email: "burst@example.test", passwordHash: await hashPassword("right-password") });
    const token = await csrf();
    // Each guess from its own address, so only the per-account lock stands in the way.
    const burst = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => signIn("burst@example.test", `wrong-${i}`, `10.20.0.${i + 1}`, token)),
      signIn("burst@example.test", "right-password", "10.20.1.1", token),
    ]);
    const wrong = burst.slice(0, 30);
    const right = burst[30];
    const verified = wrong.filter((r) => r.verifiedWrong).length + (right.session ? 1 : 0);
    console.log(`[parallel guesses] verified ${verified} of 31; refused ${burst.filter((r) => r.refused).length}`);
    expect(wrong.some((r) => r.session)).toBe(false);
    expect(verified).toBeLessThanOrEqual(THROTTLE_MAX_FAILURES);
    expect(wrong.filter((r) => r.refused).length).toBeGreaterThanOrEqual(30 - THROTTLE_MAX_FAILURES);

    // Counted: one row per verified wrong guess, never more than the limit. (Guesses refused 503 by a
    // full hash queue gave their reservation back; top up one by one until the lock is reached.)
    const db = await getDb();
    const failures = async () =>
      (await db.select({ n: count() }).from(limitHits).where(eq(limitHits.key, "email:burst@example.test")))[0].n;
    expect(await failures()).toBe(wrong.filter((r) => r.verifiedWrong).length);
    for (let i = 0; (await failures()) < THROTTLE_MAX_FAILURES; i++) await signIn("burst@example.test", `late-${i}`, `10.20.3.${i + 1}`, token);
    // The lock holds afterwards: the right password is refused too, without a session.
    const after = await signIn("burst@example.test", "right-password", "10.20.2.1", token);
    expect(after).toMatchObject({ status: 429, session: false });
    expect(await failures()).toBe(THROTTLE_MAX_FAILURES);
  }, 180_000);

  it("counts the attempt before verifying: parallel calls of the service itself cannot pass the lock", async () => {
    const person = await createUser({ email: "direct@example.test", passwordHash: await hashPassword("right-password") });
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => authenticateWithPassword({ email: person.email, password: `wrong-${i}` }, `10.21.0.${i + 1}`)),
    );
    const verified = results.filter((r) => r.status === "fulfilled").length;
    const statusOf = (r: PromiseSettledResult<unknown>) => (r.status === "rejected" ? (r.reason as { status?: number }).status : 200);
    // 10 reservations, then the lock for the other 15. A reserved guess may still be refused 503 when
    // the hash queue is full (a loaded machine): it was not verified either.
    expect(results.filter((r) => statusOf(r) === 429)).toHaveLength(25 - THROTTLE_MAX_FAILURES);
    expect(verified + results.filter((r) => statusOf(r) === 503).length).toBe(THROTTLE_MAX_FAILURES);
    expect(verified).toBeLessThanOrEqual(THROTTLE_MAX_FAILURES);
  });

  it("a right password gives its reservation back: signing in does not use up the account's attempts", async () => {
    const person = await createUser({ email: "regular@example.test", passwordHash: await hashPassword("right-password") });
    for (let i = 0; i < THROTTLE_MAX_FAILURES + 2; i++) {
      expect(await authenticateWithPassword({ email: person.email, password: "right-password" }, "10.22.0.1")).toMatchObject({ id: person.id });
    }
  });
});
