// POST /api/verify-email {code}: the six digits of a verification mail, typed by the signed-in person it
// was sent to on the page that waits for it. Single use, dead with its link, five wrong tries end it,
// and it verifies only the account it was mailed to.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CODE_TRIES, issueVerification } from "@/lib/auth/email-tokens";
import { getDb } from "@/lib/db";
import { emailTokens, users } from "@/models";
import { createUser, userRow } from "@/tests/factories";
import { call } from "@/tests/http";
import { POST } from "./route";

const verify = (body: unknown, as?: { id: string } | null) => call(POST, { method: "POST", path: "/api/verify-email", body, as });

/** An unverified person and the link and code of a verification mail sent to them. */
async function personWithCode(continueTo: string | null = null) {
  const person = await createUser({ emailVerified: null });
  const db = await getDb();
  const mail = await db.transaction((tx) => issueVerification(tx, { userId: person.id, email: person.email, continueTo }));
  return { person, ...mail };
}

const verifiedAt = async (id: string) => (await userRow(id)).emailVerified;
/** Six digits that are not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

describe("POST /api/verify-email with the mail's code", () => {
  it("verifies the signed-in person's address and answers where they were going", async () => {
    const survey = "/survey/details/0b5c3f1e-2d4a-4c6b-8e9f-1a2b3c4d5e6f?vote=no";
    const { person, code } = await personWithCode(survey);
    expect(code).toMatch(/^[0-9]{6}$/);
    const res = await verify({ code }, person);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, message: `${person.email} is now verified. You can vote on surveys and report them.`, continueTo: survey });
    expect(await verifiedAt(person.id)).toBeInstanceOf(Date);
  });

  it("is single use, and using it also uses its link", async () => {
    const { person, code, token } = await personWithCode();
    expect((await verify({ code }, person)).status).toBe(200);
    const first = await verifiedAt(person.id);
    // Unverified again (as if another address came in): the same code does nothing any more.
    const db = await getDb();
    await db.update(users).set({ emailVerified: null }).where(eq(users.id, person.id));
    const again = await verify({ code }, person);
    expect(again.status).toBe(400);
    expect(again.json.error?.message).toMatch(/^This code no longer works/);
    expect((await verify({ token })).status).toBe(400);
    expect(await verifiedAt(person.id)).toBeNull();
    expect(first).toBeInstanceOf(Date);
  });

  it("expires with its link", async () => {
    const { person, code, token } = await personWithCode();
    const db = await getDb();
    await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailTokens.id, token.split(".")[0]));
    const res = await verify({ code }, person);
    expect(res.status).toBe(400);
    expect(res.json.error?.issues).toEqual([{ path: "code", message: expect.stringMatching(/^This code no longer works/) }]);
    expect(await verifiedAt(person.id)).toBeNull();
  });

  it(`is refused after ${CODE_TRIES} wrong tries, even with the right code, and counts down before`, async () => {
    const { person, code, token } = await personWithCode();
    for (let n = 1; n <= CODE_TRIES; n++) {
      const res = await verify({ code: wrong(code, n) }, person);
      expect(res.status).toBe(400);
      const left = CODE_TRIES - n;
      expect(res.json.error?.message).toBe(
        left === 0
          ? `That code is not right, and that was the last of ${CODE_TRIES} tries. Ask for a new email.`
          : `That code is not right. Check the six digits in the email and try again (${left} ${left === 1 ? "try" : "tries"} left).`,
      );
    }
    const right = await verify({ code }, person);
    expect(right.status).toBe(400);
    expect(right.json.error?.message).toMatch(/^This code no longer works/);
    expect(await verifiedAt(person.id)).toBeNull();
    // The link of that mail still works: the tries ended the code, not the 256-bit link.
    expect((await verify({ token })).status).toBe(200);
  });

  it("a new mail brings a new code; both pending codes work until one is used, and a miss counts against both", async () => {
    const { person, code: first } = await personWithCode();
    const db = await getDb();
    const { code: second } = await db.transaction((tx) => issueVerification(tx, { userId: person.id, email: person.email }));
    const miss = [wrong(first), wrong(first, 2)].find((c) => c !== second)!;
    expect((await verify({ code: miss }, person)).json.error?.message).toContain(`${CODE_TRIES - 1} tries left`);
    const res = await verify({ code: first }, person);
    expect(res.status).toBe(200);
  });

  it("verifies only the account it was sent to: another signed-in person's code is no code for them", async () => {
    const { person, code } = await personWithCode();
    const other = await createUser({ emailVerified: null });
    const db = await getDb();
    await db.transaction((tx) => issueVerification(tx, { userId: other.id, email: other.email }));
    const res = await verify({ code }, other);
    expect(res.status).toBe(400);
    expect(await verifiedAt(other.id)).toBeNull();
    expect(await verifiedAt(person.id)).toBeNull();
    // Signed out, a code is nobody's: 401, and the owner's code still works.
    const signedOut = await verify({ code });
    expect(signedOut.status).toBe(401);
    expect((await verify({ code }, person)).status).toBe(200);
  });

  it("does nothing for an address the account no longer has", async () => {
    const { person, code } = await personWithCode();
    const db = await getDb();
    await db.update(users).set({ email: `moved-${person.email}` }).where(eq(users.id, person.id));
    const res = await verify({ code }, person);
    expect(res.status).toBe(400);
    expect(await verifiedAt(person.id)).toBeNull();
  });

  it("says so when the address is already verified (409), and refuses malformed codes (400)", async () => {
    const { person, code } = await personWithCode();
    for (const bad of ["12345", "1234567", "12a456", 123456, " 123456"]) {
      const res = await verify({ code: bad }, person);
      expect(res.status, String(bad)).toBe(400);
      expect(res.json.error?.issues?.[0]).toEqual({ path: "code", message: "The code is the six digits from the email." });
    }
    // Malformed codes are not tries.
    expect((await verify({ code }, person)).status).toBe(200);
    const again = await verify({ code }, person);
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toBe("Your email address is already verified.");
  });
});
