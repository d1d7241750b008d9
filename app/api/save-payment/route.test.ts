import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { payments, users } from "@/models";
import { createUser } from "@/tests/factories";
import { pay, setUpFakeStripe } from "@/tests/fake-stripe";
import { call } from "@/tests/http";
import { POST } from "./route";

const { fake, stripe } = setUpFakeStripe();

async function state(userId: string) {
  const db = await getDb();
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const rows = await db.select().from(payments).where(eq(payments.userId, userId));
  return { role: user.role, payments: rows.length };
}

const save = (as: { id: string } | null, body: unknown) => call(POST, { method: "POST", path: "/api/save-payment", as, body });

describe("POST /api/save-payment", () => {
  it("records the caller's succeeded 1600 USD payment and upgrades them, once; repeating it is harmless", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    const first = await save(user, { paymentIntentId: intent.id, amount: 1600, currency: "usd", user: { email: user.email.toUpperCase(), displayName: "x" } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ message: "Payment information saved successfully", created: true, role: "pro_user", paymentIntentId: intent.id });
    const again = await save(user, { paymentIntentId: intent.id });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ created: false, role: "pro_user" });
    expect(await state(user.id)).toEqual({ role: "pro_user", payments: 1 });
  });

  it("refuses an intent that has not succeeded (not confirmed, or declined) and upgrades no one", async () => {
    const user = await createUser();
    const open = await pay(stripe(), user.id, { confirm: false });
    const notPaid = await save(user, { paymentIntentId: open.id });
    expect(notPaid.status).toBe(409);
    expect(notPaid.json.error?.message).toBe("This payment has not succeeded");
    await expect(pay(stripe(), user.id, { card: "pm_card_chargeDeclined" })).rejects.toMatchObject({ code: "card_declined", message: "Your card was declined." });
    const declined = [...fake().intents.values()].findLast((i) => (i.metadata as { userId: string }).userId === user.id)!;
    expect((await save(user, { paymentIntentId: declined.id })).status).toBe(409);
    expect(await state(user.id)).toEqual({ role: "user", payments: 0 });
  });

  it("refuses someone else's payment, and the payer keeps it", async () => {
    const payer = await createUser();
    const thief = await createUser();
    const intent = await pay(stripe(), payer.id);
    const response = await save(thief, { paymentIntentId: intent.id });
    expect(response.status).toBe(403);
    expect(await state(thief.id)).toEqual({ role: "user", payments: 0 });
    expect(await state(payer.id)).toEqual({ role: "user", payments: 0 });
    // Naming another account in the body is refused too, whatever the intent.
    const named = await save(payer, { paymentIntentId: intent.id, user: { email: thief.email } });
    expect(named.status).toBe(403);
    expect((await save(payer, { paymentIntentId: intent.id })).json.role).toBe("pro_user");
  });

  it("refuses a payment for another amount or currency, whatever the body claims", async () => {
    const user = await createUser();
    const cheap = await pay(stripe(), user.id, { amount: 100 });
    const euros = await pay(stripe(), user.id, { currency: "eur" });
    for (const intent of [cheap, euros]) {
      const response = await save(user, { paymentIntentId: intent.id, amount: 1600, currency: "usd" });
      expect(response.status).toBe(422);
      expect(response.json.error?.message).toContain("not for the Extended plan");
    }
    // No userId in the metadata: not ours either.
    const bare = await stripe().paymentIntents.create({ amount: 1600, currency: "usd" });
    await stripe().paymentIntents.confirm(bare.id, { payment_method: "pm_card_visa" });
    expect((await save(user, { paymentIntentId: bare.id })).status).toBe(422);
    expect(await state(user.id)).toEqual({ role: "user", payments: 0 });
  });

  it("answers 404 for an unknown intent, 400 for a malformed id, 401 signed out, 503 when Stripe is down", async () => {
    const user = await createUser();
    expect((await save(user, { paymentIntentId: "pi_doesnotexist" })).status).toBe(404);
    for (const paymentIntentId of ["", "ch_123", "pi_../../v1/refunds", 42, "pi_" + "a".repeat(300)]) {
      expect((await save(user, { paymentIntentId })).status).toBe(400);
    }
    expect((await save(null, { paymentIntentId: "pi_x" })).status).toBe(401);
    const intent = await pay(stripe(), user.id);
    fake().setDown(true);
    try {
      const down = await save(user, { paymentIntentId: intent.id });
      expect(down.status).toBe(503);
      expect(down.json.error?.message).toMatch(/not reachable/);
    } finally {
      fake().setDown(false);
    }
    expect(await state(user.id)).toEqual({ role: "user", payments: 0 });
  });
});
