// POST /api/confirm-email {token}: opening the link mailed to a new address (a GET, as a mail scanner
// does) changes nothing; only the page's button, this POST, makes it the account's address, once.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import ConfirmEmailPage from "@/app/[locale]/(auth)/confirm-email/page";
import { issueEmailToken } from "@/lib/auth/email-tokens";
import { getDb } from "@/lib/db";
import { emailTokens } from "@/models";
import { createUser, userRow } from "@/tests/factories";
import { call } from "@/tests/http";
import * as routeModule from "./route";

const { POST } = routeModule;
const confirm = (body: unknown) => call(POST, { method: "POST", path: "/api/confirm-email", body });
let counter = 0;

/** A person who asked to move to a new address, and the token of the link mailed there. */
async function personMoving() {
  const person = await createUser();
  const newEmail = `moving-${counter++}-${person.id.slice(0, 8)}@example.test`;
  const db = await getDb();
  const token = await db.transaction((tx) => issueEmailToken(tx, { userId: person.id, purpose: "change_email", email: newEmail }));
  return { person, newEmail, token };
}

const emailOf = async (id: string) => (await userRow(id)).email;

describe("POST /api/confirm-email", () => {
  it("opening the link (the page a scanner fetches) changes nothing; the POST changes the address", async () => {
    const { person, newEmail, token } = await personMoving();
    const page = await ConfirmEmailPage({ searchParams: Promise.resolve({ token }) });
    expect(page.props).toMatchObject({ endpoint: "/api/confirm-email", token, ask: { button: "Use this email address" } });
    await ConfirmEmailPage({ searchParams: Promise.resolve({ token }) });
    expect(await emailOf(person.id)).toBe(person.email);
    expect(Object.keys(routeModule).filter((k) => /^[A-Z]+$/.test(k))).toEqual(["POST"]);

    const res = await confirm({ token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, message: `Your account's address is now ${newEmail}. Every browser and app was signed out: sign in again with it.` });
    expect(await emailOf(person.id)).toBe(newEmail);

    // Once: the second POST is 400 and changes nothing.
    const again = await confirm({ token });
    expect(again.status).toBe(400);
    expect(again.json.error?.message).toMatch(/^This link was already used/);
    expect(await emailOf(person.id)).toBe(newEmail);
  });

  it("refuses a forged, malformed, expired or other-purpose token with 400 and changes nothing", async () => {
    const { person, token } = await personMoving();
    const [id, secret] = token.split(".");
    const forged = await confirm({ token: `${id}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}` });
    expect(forged.status).toBe(400);
    expect(forged.json.error?.message).toMatch(/^This link is not valid/);
    expect((await confirm({ token: "nope" })).status).toBe(400);
    expect((await confirm({})).status).toBe(400);
    const db = await getDb();
    const verify = await db.transaction((tx) => issueEmailToken(tx, { userId: person.id, purpose: "verify_email", email: "other@example.test" }));
    expect((await confirm({ token: verify })).status).toBe(400);
    await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(emailTokens.id, id));
    const expired = await confirm({ token });
    expect(expired.status).toBe(400);
    expect(expired.json.error?.message).toBe("This link has expired: confirmation links work for 24 hours. Ask for the change again from your account page.");
    expect(await emailOf(person.id)).toBe(person.email);
  });

  it("answers 409 when another account took the address meanwhile, and changes nothing", async () => {
    const { person, newEmail, token } = await personMoving();
    await createUser({ email: newEmail });
    const res = await confirm({ token });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toBe("This address is taken: another account uses it now, so yours was not changed.");
    expect(await emailOf(person.id)).toBe(person.email);
  });
});
