// Addresses under the reserved names `.invalid` and `.localhost` (RFC 6761) can never receive mail, and
// `deleted-{id}@deleted.invalid` is what a deleted account's address becomes: registering it made that
// account's deletion fail (a unique address already taken). No account is given such an address now,
// and a deletion succeeds even where an older row holds the placeholder.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE as deleteMe } from "@/app/api/me/route";
import { POST as changeEmail } from "@/app/api/me/email/route";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { deletedEmailOf } from "@/lib/accounts/deleted-account";
import { accountEmailSchema, emailSchema, isReservedEmailDomain, RESERVED_EMAIL_MESSAGE } from "@/lib/accounts/auth-schema";
import { users } from "@/models";
import { withAltcha } from "@/tests/altcha-call";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { signInWithPassword } from "@/tests/session-cookie";
import { POST as register } from "./route";

let address = 0;
const registerAs = async (email: string) =>
  call(
    register,
    await withAltcha({
      method: "POST",
      headers: { "x-forwarded-for": `10.61.0.${++address}` },
      rawBody: imageForm({ name: "Squatter", email, password: "correct horse battery" }, { bytes: await pngBytes() }),
    }),
  );

async function userCount() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(users);
  return row.n;
}

describe("reserved addresses", () => {
  it("the rule: .invalid and .localhost refused (any case, a trailing dot), .test and .example kept", () => {
    for (const email of ["deleted-1@deleted.invalid", "A@B.INVALID", "a@b.invalid.", "a@app.localhost", "a@x.Localhost."]) {
      expect(isReservedEmailDomain(email), email).toBe(true);
      expect(accountEmailSchema.safeParse(email).error?.issues[0].message, email).toBe(RESERVED_EMAIL_MESSAGE);
    }
    for (const email of ["user@demo.test", "ann@example.test", "a@example.com", "invalid@localhost.example", "a@invalid.test"]) {
      expect(isReservedEmailDomain(email), email).toBe(false);
      expect(accountEmailSchema.safeParse(email).success, email).toBe(true);
    }
    // Signing in keeps the plain rule: no existing account is locked out.
    expect(emailSchema.safeParse("old@app.localhost").success).toBe(true);
  });

  it("registering a deleted account's placeholder (or any .invalid or .localhost address) is 400 on email, and creates nothing", async () => {
    const victim = await createUser();
    const before = await userCount();
    for (const email of [deletedEmailOf(victim.id), deletedEmailOf(victim.id).toUpperCase(), "someone@mail.localhost"]) {
      const res = await registerAs(email);
      expect(res.status, email).toBe(400);
      expect(res.json.error).toMatchObject({ message: RESERVED_EMAIL_MESSAGE, issues: [{ path: "email", message: RESERVED_EMAIL_MESSAGE }] });
    }
    expect(await userCount()).toBe(before);
  });

  it("changing one's address to a reserved one is 400 on email", async () => {
    const person = await createUser({ passwordHash: await hashPassword("mover-password") });
    const res = await call(changeEmail, { method: "POST", as: person, body: { email: deletedEmailOf(person.id), password: "mover-password" } });
    expect(res.status).toBe(400);
    expect(res.json.error?.issues).toEqual([{ path: "email", message: RESERVED_EMAIL_MESSAGE }]);
  });

  it("a deletion succeeds even when another account holds the placeholder (a row from before the rule)", async () => {
    const victim = await createUser({ passwordHash: await hashPassword("victim-password") });
    const squatter = await createUser({ email: deletedEmailOf(victim.id) });
    const cookie = (await signInWithPassword(victim.email, "victim-password"))!;
    const res = await call(deleteMe, { method: "DELETE", headers: { cookie }, body: { password: "victim-password" } });
    expect(res.status).toBe(200);
    const db = await getDb();
    const [gone] = await db.select().from(users).where(eq(users.id, victim.id));
    expect(gone.deletedAt).toBeInstanceOf(Date);
    expect(gone.email).toMatch(new RegExp(`^deleted-${victim.id}\\.[0-9a-f-]{36}@deleted\\.invalid$`));
    const [kept] = await db.select().from(users).where(eq(users.id, squatter.id));
    expect(kept).toMatchObject({ email: deletedEmailOf(victim.id), deletedAt: null });
  });
});
