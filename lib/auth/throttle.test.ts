import { count, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/[...nextauth]/route";
import { errorBodySchema } from "@/lib/api/contract";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { limitMax } from "@/lib/limits/apply";
import { authenticateWithPassword } from "@/lib/accounts/users";
import { limitHits, users } from "@/models";
import { createUser } from "@/tests/factories";
import { postCredentials, postStreamToAuth } from "@/tests/session-cookie";

const THROTTLE_MAX_FAILURES = limitMax("signIn.account");

const ORIGIN = "http://localhost:3000";

/** Signs in the way the login form does: CSRF token and cookie first, then the credentials callback. */
async function signIn(email: string, password: string, address: string) {
  const { response } = await postCredentials(email, password, { address });
  const body = (await response.json()) as { url?: string };
  const sessionSet = response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="));
  return { status: response.status, url: body.url ?? "", sessionSet, body, headers: response.headers };
}

describe("sign-in throttle", () => {
  it("signs in with the right password", async () => {
    await createUser({ email: "right@example.test", passwordHash: await hashPassword("right-password") });
    const result = await signIn("right@example.test", "right-password", "10.0.0.1");
    expect(result).toMatchObject({ status: 200, sessionSet: true });
    expect(result.url).not.toContain("error");
  });

  it("after 10 wrong passwords, the 11th attempt (even the right one) gets 429 and no session", async () => {
    const person = await createUser({ email: "victim@example.test", passwordHash: await hashPassword("right-password") });
    for (let i = 0; i < THROTTLE_MAX_FAILURES; i++) {
      const attempt = await signIn("victim@example.test", `wrong-${i}`, `10.1.0.${i}`);
      expect(attempt).toMatchObject({ status: 200, sessionSet: false });
      expect(attempt.url).toContain("error=CredentialsSignin");
    }
    const eleventh = await signIn("VICTIM@example.test", "wrong-10", "10.1.0.99");
    expect(eleventh).toMatchObject({ status: 429, sessionSet: false });
    // The documented error body (lib/api/contract.ts errorBodySchema), with its request id: no `url`.
    expect(eleventh.body).toEqual({
      error: { code: "too_many_requests", message: expect.stringMatching(/wait 15 minutes/), requestId: eleventh.headers.get("x-request-id") },
    });
    expect(errorBodySchema(["too_many_requests"]).strict().safeParse(eleventh.body).success).toBe(true);
    expect(eleventh.headers.get("retry-after")).toBe("900");
    const right = await signIn("victim@example.test", "right-password", "10.1.0.100");
    expect(right).toMatchObject({ status: 429, sessionSet: false });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row.passwordHash).toBe(person.passwordHash);
    // Refused attempts are not counted again, so waiting out the window is enough.
    const [failures] = await db.select({ n: count() }).from(limitHits).where(eq(limitHits.key, "email:victim@example.test"));
    expect(failures.n).toBe(THROTTLE_MAX_FAILURES);
  });

  it("throttles one client address across many accounts", async () => {
    for (let i = 0; i < THROTTLE_MAX_FAILURES; i++) {
      expect(await authenticateWithPassword({ email: `spray-${i}@example.test`, password: "guess" }, "10.2.0.1")).toBeNull();
    }
    const other = await createUser({ email: "other@example.test", passwordHash: await hashPassword("right-password") });
    await expect(authenticateWithPassword({ email: other.email, password: "right-password" }, "10.2.0.1")).rejects.toMatchObject({ status: 429 });
    expect(await authenticateWithPassword({ email: other.email, password: "right-password" }, "10.2.0.2")).toMatchObject({ id: other.id });
  });

  it("refuses an oversized sign-in body before reading it", async () => {
    const response = await POST(
      new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(1024 * 1024) },
        body: new URLSearchParams({ email: "a@example.test", password: "x".repeat(1024 * 1024) }),
      }),
    );
    expect(response.status).toBe(413);
  });

  it("refuses an oversized chunked sign-in body that declares no length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 16) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await postStreamToAuth("/api/auth/callback/credentials", body);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(16);
  });

  it("answers a NUL in the email as a failed sign-in, not a server error", async () => {
    const result = await signIn("a\u0000b@example.test", "whatever-password", "10.9.0.1");
    expect(result.status).toBe(200);
    expect(result.url).toContain("error=CredentialsSignin");
    expect(result.sessionSet).toBe(false);
  });

  it("counts in the database, so failures older than the window no longer count", async () => {
    const db = await getDb();
    await db.insert(limitHits).values(
      Array.from({ length: 20 }, () => ({ key: "email:old@example.test", createdAt: new Date(Date.now() - 16 * 60 * 1000) })),
    );
    const person = await createUser({ email: "old@example.test", passwordHash: await hashPassword("right-password") });
    expect(await authenticateWithPassword({ email: person.email, password: "right-password" }, "10.3.0.1")).toMatchObject({ id: person.id });
  });
});
