import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { fulfilPayment } from "@/lib/payments/fulfil";
import { users } from "@/models";
import { createUser, userRow } from "@/tests/factories";
import { pay, setUpFakeStripe } from "@/tests/fake-stripe";
import { call } from "@/tests/http";
import { POST } from "./route";

const { stripe } = setUpFakeStripe();

const confirm = (as: { id: string } | null, email: string, body: unknown = { role: "pro_user" }) =>
  call(POST, { method: "POST", path: `/api/update_role/${encodeURIComponent(email)}`, as, params: { email }, body });

const roleOf = async (userId: string) => (await userRow(userId)).role;

describe("POST /api/update_role/{email}", () => {
  it("is 403 without a verified payment and grants nothing, for oneself or asked by an admin", async () => {
    const user = await createUser();
    const admin = await createUser({ role: "admin" });
    for (const caller of [user, admin]) {
      const response = await confirm(caller, user.email);
      expect(response.status).toBe(403);
      expect(response.json.error?.message).toMatch(/No verified payment/);
    }
    expect(await roleOf(user.id)).toBe("user");
  });

  it("confirms (200, modifiedCount) once a verified payment exists; repairs a missed upgrade", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    await fulfilPayment(intent.id, user.id);
    const confirmed = await confirm(user, user.email.toUpperCase());
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ modifiedCount: 0 });
    // Demoted by mistake: the payment still stands, so the confirmation restores it.
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(eq(users.id, user.id));
    const admin = await createUser({ role: "admin" });
    const repaired = await confirm(admin, user.email);
    expect(repaired.json).toMatchObject({ modifiedCount: 1 });
    expect(await roleOf(user.id)).toBe("pro_user");
  });

  it("refuses other people's emails (403), other roles (400), unknown accounts for admins (404), and signed-out callers (401)", async () => {
    const payer = await createUser();
    await fulfilPayment((await pay(stripe(), payer.id)).id, payer.id);
    const other = await createUser();
    expect((await confirm(other, payer.email)).status).toBe(403);
    for (const role of ["admin", "surveyor", "user", "PRO_USER", ""]) {
      expect((await confirm(payer, payer.email, { role })).status).toBe(400);
    }
    expect(await roleOf(payer.id)).toBe("pro_user");
    expect((await confirm(await createUser({ role: "admin" }), "nobody@nowhere.test")).status).toBe(404);
    expect((await confirm(other, "nobody@nowhere.test")).status).toBe(403);
    expect((await confirm(null, payer.email)).status).toBe(401);
    expect((await confirm(payer, "%zz")).status).toBe(404);
  });

  it("does not count a refunded payment", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    await stripe().refunds.create({ payment_intent: intent.id });
    await fulfilPayment(intent.id, user.id);
    expect((await confirm(user, user.email)).status).toBe(403);
    expect(await roleOf(user.id)).toBe("user");
  });
});
