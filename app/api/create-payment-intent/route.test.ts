import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { checkoutIntents, users } from "@/models";
import { createUser } from "@/tests/factories";
import { setUpFakeStripe } from "@/tests/fake-stripe";
import { call } from "@/tests/http";
import { POST } from "./route";

const { fake, stripe } = setUpFakeStripe();

const open = (as: { id: string } | null, body: unknown = { amount: 1600 }) =>
  call(POST, { method: "POST", path: "/api/create-payment-intent", as, body });
const intentIdOf = (clientSecret: unknown) => String(clientSecret).split("_secret_")[0];

describe("POST /api/create-payment-intent", () => {
  it("creates a 1600 USD intent for the caller whatever amount the body asks, with their id and receipt email", async () => {
    const user = await createUser();
    const response = await open(user, { amount: 1, currency: "jpy" });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual(["clientSecret"]);
    const intent = await stripe().paymentIntents.retrieve(intentIdOf(response.json.clientSecret));
    expect(intent).toMatchObject({ amount: 1600, currency: "usd", receipt_email: user.email, metadata: { userId: user.id }, status: "requires_payment_method" });
    expect(intent.client_secret).toBe(response.json.clientSecret);
  });

  it("reuses the person's open intent when the page opens again, or twice at once", async () => {
    const user = await createUser();
    const before = fake().intents.size;
    const together = await Promise.all([open(user), open(user), open(user)]);
    const secrets = new Set(together.map((r) => r.json.clientSecret));
    expect(secrets.size).toBe(1);
    const later = await open(user, {});
    expect(later.json.clientSecret).toBe(together[0].json.clientSecret);
    expect(fake().intents.size - before).toBe(1);
    // Someone else gets their own.
    const other = await open(await createUser());
    expect(other.json.clientSecret).not.toBe(later.json.clientSecret);
  });

  it("starts a new intent once the stored one is spent, and an already-paid one is recorded and refused (409)", async () => {
    const user = await createUser();
    const first = await open(user);
    const id = intentIdOf(first.json.clientSecret);
    await stripe().paymentIntents.confirm(id, { payment_method: "pm_card_visa" });
    // The browser closed before save-payment and no webhook came: opening the page records it.
    const again = await open(user);
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toBe("You already have the Extended plan. There is nothing more to pay.");
    const db = await getDb();
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row.role).toBe("pro_user");
    // After a full refund (back to user) buying again opens a new intent.
    await stripe().refunds.create({ payment_intent: id });
    const { recordRefund } = await import("@/lib/payments/refunds");
    const charge = (await stripe().paymentIntents.retrieve(id)).latest_charge as string;
    await recordRefund(charge);
    const fresh = await open(user);
    expect(fresh.status).toBe(200);
    expect(intentIdOf(fresh.json.clientSecret)).not.toBe(id);
    const [stored] = await db.select().from(checkoutIntents).where(eq(checkoutIntents.userId, user.id));
    expect(stored.paymentIntentId).toBe(intentIdOf(fresh.json.clientSecret));
  });

  it("is 409 for a pro_user, 403 for admins and surveyors, 401 signed out, and creates nothing", async () => {
    const before = fake().intents.size;
    const pro = await open(await createUser({ role: "pro_user" }));
    expect(pro.status).toBe(409);
    expect(pro.json.error?.message).toMatch(/already have the Extended plan/);
    for (const role of ["admin", "surveyor"] as const) {
      const response = await open(await createUser({ role }));
      expect(response.status).toBe(403);
      expect(response.json.error?.message).toBe(`The Extended plan is for voters: ${role} accounts cannot buy it.`);
    }
    expect((await open(null)).status).toBe(401);
    expect(fake().intents.size).toBe(before);
  });

  it("answers 503 JSON when Stripe is down, and 400 for a body that is not an object", async () => {
    const user = await createUser();
    fake().setDown(true);
    try {
      const response = await open(user);
      expect(response.status).toBe(503);
      expect(response.json.error?.code).toBe("service_unavailable");
    } finally {
      fake().setDown(false);
    }
    expect((await open(user, [1600])).status).toBe(400);
    expect((await open(user)).status).toBe(200);
  });
});
