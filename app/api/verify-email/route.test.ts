// POST /api/verify-email {token}: opening a mailed verification link (a GET, as a mail scanner does)
// changes nothing; only the page's button, this POST, verifies the address, once. The code of the same
// mail: verification-code.test.ts.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import VerifyEmailPage from "@/app/[locale]/(auth)/verify-email/page";
import { issueEmailToken } from "@/lib/auth/email-tokens";
import { getDb } from "@/lib/db";
import { emailTokens } from "@/models";
import { createUser, userRow } from "@/tests/factories";
import { call } from "@/tests/http";
import * as routeModule from "./route";

const { POST } = routeModule;
const verify = (body: unknown, headers?: Record<string, string>) => call(POST, { method: "POST", path: "/api/verify-email", body, headers });

/** An unverified person and the token of the verification link mailed to them. */
async function personWithLink() {
  const person = await createUser({ emailVerified: null });
  const db = await getDb();
  const token = await db.transaction((tx) => issueEmailToken(tx, { userId: person.id, purpose: "verify_email", email: person.email }));
  return { person, token };
}

const verifiedAt = async (id: string) => (await userRow(id)).emailVerified;

describe("POST /api/verify-email", () => {
  it("opening the link (the page a scanner fetches) verifies nothing: the page asks, with the token for its button", async () => {
    const { person, token } = await personWithLink();
    const page = await VerifyEmailPage({ searchParams: Promise.resolve({ token }) });
    expect(page.props).toMatchObject({ endpoint: "/api/verify-email", token, ask: { button: "Verify my email address" } });
    expect(await verifiedAt(person.id)).toBeNull();
    // Twice, as scanners do: the link still works afterwards.
    await VerifyEmailPage({ searchParams: Promise.resolve({ token }) });
    expect(await verifiedAt(person.id)).toBeNull();
    // The route has no GET: only a POST changes anything.
    expect(Object.keys(routeModule).filter((k) => /^[A-Z]+$/.test(k))).toEqual(["POST"]);

    const res = await verify({ token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, message: `${person.email} is now verified. You can vote on surveys and report them.`, continueTo: null });
    expect(await verifiedAt(person.id)).toBeInstanceOf(Date);
  });

  it("works once: the second POST of the same token is 400 and says the address is verified", async () => {
    const { person, token } = await personWithLink();
    expect((await verify({ token })).status).toBe(200);
    const first = await verifiedAt(person.id);
    const again = await verify({ token });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: "bad_request", message: expect.stringMatching(/^This link was already used, and your email address is verified/) });
    expect(await verifiedAt(person.id)).toEqual(first);
  });

  it("refuses a forged token, a malformed one and another purpose's with 400, and verifies nothing", async () => {
    const { person, token } = await personWithLink();
    const [id, secret] = token.split(".");
    const forged = `${id}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    const refused = await verify({ token: forged });
    expect(refused.status).toBe(400);
    expect(refused.json.error?.message).toBe("This link is not valid. Check that you opened the whole link from the email, or ask for a new one.");
    expect(refused.json.error?.issues).toEqual([{ path: "token", message: refused.json.error?.message }]);
    for (const body of [{ token: "not-a-token" }, { token: 42 }]) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.issues?.[0]?.path).toBe("token");
    }
    // Neither a token nor a code, or both: 400 on the code.
    for (const body of [{}, { token, code: "123456" }]) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.issues?.[0]?.path).toBe("code");
    }
    const db = await getDb();
    const reset = await db.transaction((tx) => issueEmailToken(tx, { userId: person.id, purpose: "reset_password", email: person.email }));
    expect((await verify({ token: reset })).status).toBe(400);
    expect(await verifiedAt(person.id)).toBeNull();
  });

  it("refuses an expired token with 400 and verifies nothing", async () => {
    const { person, token } = await personWithLink();
    const db = await getDb();
    await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(emailTokens.id, token.split(".")[0]));
    const res = await verify({ token });
    expect(res.status).toBe(400);
    expect(res.json.error?.message).toBe("This link has expired: verification links work for 24 hours. Ask for a new one.");
    expect(await verifiedAt(person.id)).toBeNull();
  });

  it("refuses a cross-site POST from a signed-in browser's page (403), as every write", async () => {
    const { person, token } = await personWithLink();
    const res = await verify({ token }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(await verifiedAt(person.id)).toBeNull();
  });
});
