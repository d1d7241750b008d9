import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { paymentTotals } from "@/lib/payments/payments";
import { auditEvents, payments, stripeEvents, users } from "@/models";
import { createUser, userRow } from "@/tests/factories";
import { eventFor, pay, signed, setUpFakeStripe } from "@/tests/fake-stripe";
import { call } from "@/tests/http";
import { POST as savePayment } from "../../save-payment/route";
import { POST } from "./route";

const { fake, stripe } = setUpFakeStripe();

const deliver = (delivery: ReturnType<typeof signed>) =>
  call(POST, { method: "POST", path: "/api/stripe/webhook", rawBody: delivery.rawBody, headers: delivery.headers });

const roleOf = async (userId: string) => (await userRow(userId)).role;
async function paymentsOf(userId: string) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.userId, userId));
}

describe("POST /api/stripe/webhook", () => {
  it("refuses a forged, a tampered and a stale (over 5 minutes) signature with 400, and upgrades no one", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    const event = eventFor(fake(), "payment_intent.succeeded", intent.id);

    const forged = await deliver(signed(event, { secret: "whsec_someone_else" }));
    const good = signed(event);
    const tampered = await deliver({ ...good, rawBody: good.rawBody.replace('"amount":1600', '"amount":1601') });
    const stale = await deliver(signed(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
    const unsigned = await call(POST, { method: "POST", rawBody: good.rawBody, headers: { "content-type": "application/json" } });
    for (const response of [forged, tampered, stale, unsigned]) {
      expect(response.status).toBe(400);
      expect(response.json.error?.code).toBe("bad_request");
    }
    expect(await roleOf(user.id)).toBe("user");
    expect(await paymentsOf(user.id)).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);

    // The same event, correctly signed within the tolerance, is accepted.
    const fresh = await deliver(signed(event, { timestamp: Math.floor(Date.now() / 1000) - 240 }));
    expect(fresh.status).toBe(200);
    expect(await roleOf(user.id)).toBe("pro_user");
  });

  it("fulfils once when payment_intent.succeeded arrives 5 times at once together with save-payment", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    const event = eventFor(fake(), "payment_intent.succeeded", intent.id);
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(signed(event))),
      call(savePayment, { method: "POST", as: user, body: { paymentIntentId: intent.id, amount: 1600, currency: "usd" } }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await paymentsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentIntentId: intent.id, amount: 1600, currency: "usd", status: "succeeded", userEmail: user.email });
    expect(rows[0].receiptUrl).toMatch(/\/receipts\/ch_/);
    expect(await roleOf(user.id)).toBe("pro_user");
    // Exactly one caller saw the row as new.
    const created = responses.filter((r) => r.json.handled === true || r.json.created === true);
    expect(created).toHaveLength(1);
    const db = await getDb();
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
  });

  it("processes an event id once: a repeated delivery after a change does not apply it again", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    const event = eventFor(fake(), "payment_intent.succeeded", intent.id);
    expect((await deliver(signed(event))).json).toMatchObject({ received: true, handled: true });
    // An admin demotes the person; Stripe retries the old delivery: it must not re-upgrade.
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(eq(users.id, user.id));
    expect((await deliver(signed(event))).json).toMatchObject({ received: true, handled: false });
    expect(await roleOf(user.id)).toBe("user");
  });

  it("a full refund marks the payment refunded and returns the pro_user to user; a partial one changes nothing", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    await deliver(signed(eventFor(fake(), "payment_intent.succeeded", intent.id)));
    expect(await roleOf(user.id)).toBe("pro_user");

    await stripe().refunds.create({ payment_intent: intent.id, amount: 600 });
    const partial = eventFor(fake(), "charge.refunded", intent.latest_charge as string);
    expect((await deliver(signed(partial))).status).toBe(200);
    expect(await roleOf(user.id)).toBe("pro_user");
    expect((await paymentsOf(user.id))[0].status).toBe("succeeded");

    await stripe().refunds.create({ payment_intent: intent.id });
    const full = fake().events.filter((e) => e.type === "charge.refunded").at(-1)!;
    expect(full.id).not.toBe(partial.id);
    const response = await deliver(signed(full));
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ received: true, handled: true });
    const [row] = await paymentsOf(user.id);
    expect(row.status).toBe("refunded");
    expect(row.refundedAt).toBeInstanceOf(Date);
    expect(await roleOf(user.id)).toBe("user");

    // A late or repeated success changes nothing now.
    await deliver(signed(eventFor(fake(), "payment_intent.succeeded", intent.id)));
    const saved = await call(savePayment, { method: "POST", as: user, body: { paymentIntentId: intent.id } });
    expect(saved.json.created).toBe(false);
    expect(await roleOf(user.id)).toBe("user");
  });

  it("the paid upgrade and the refund's downgrade each leave one audit row with no admin, and a refund leaves the admin's total", async () => {
    const user = await createUser();
    const before = await paymentTotals();
    const received = (totals: typeof before) => totals.find((t) => t.currency === "usd")?.amount ?? 0;
    const intent = await pay(stripe(), user.id);
    const event = eventFor(fake(), "payment_intent.succeeded", intent.id);
    await Promise.all([deliver(signed(event)), deliver(signed(event))]);
    expect(received(await paymentTotals())).toBe(received(before) + 1600);

    await stripe().refunds.create({ payment_intent: intent.id });
    await deliver(signed(fake().events.filter((e) => e.type === "charge.refunded").at(-1)!));
    expect(await roleOf(user.id)).toBe("user");
    expect(received(await paymentTotals())).toBe(received(before));

    const db = await getDb();
    const trail = await db
      .select({ actorId: auditEvents.actorId, action: auditEvents.action, oldValue: auditEvents.oldValue, newValue: auditEvents.newValue })
      .from(auditEvents)
      .where(eq(auditEvents.targetUserId, user.id))
      .orderBy(auditEvents.createdAt);
    expect(trail).toEqual([
      { actorId: null, action: "role_change", oldValue: "user", newValue: "pro_user" },
      { actorId: null, action: "role_change", oldValue: "pro_user", newValue: "user" },
    ]);
  });

  it("a refund delivered before the success records the payment as refunded and never upgrades", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    await stripe().refunds.create({ payment_intent: intent.id });
    await deliver(signed(eventFor(fake(), "charge.refunded", intent.latest_charge as string)));
    await deliver(signed(eventFor(fake(), "payment_intent.succeeded", intent.id)));
    const rows = await paymentsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("refunded");
    expect(await roleOf(user.id)).toBe("user");
  });

  it("an admin or surveyor who pays keeps their role; a refund leaves it too", async () => {
    for (const role of ["admin", "surveyor"] as const) {
      const person = await createUser({ role });
      const intent = await pay(stripe(), person.id);
      expect((await deliver(signed(eventFor(fake(), "payment_intent.succeeded", intent.id)))).json.handled).toBe(true);
      expect(await roleOf(person.id)).toBe(role);
      await stripe().refunds.create({ payment_intent: intent.id });
      await deliver(signed(eventFor(fake(), "charge.refunded", intent.latest_charge as string)));
      expect(await roleOf(person.id)).toBe(role);
    }
  });

  it("acknowledges other events and payments that are not for the plan, and changes nothing", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id, { amount: 500 });
    const charge = await deliver(signed(eventFor(fake(), "charge.succeeded", intent.latest_charge as string)));
    expect(charge.status).toBe(200);
    expect(charge.json).toMatchObject({ received: true, handled: false });
    const other = await deliver(signed(eventFor(fake(), "payment_intent.succeeded", intent.id)));
    expect(other.status).toBe(200);
    expect(other.json.handled).toBe(false);
    expect(await paymentsOf(user.id)).toEqual([]);
    expect(await roleOf(user.id)).toBe("user");
  });

  it("answers 503 when Stripe cannot be reached, so Stripe delivers the event again, and then fulfils", async () => {
    const user = await createUser();
    const intent = await pay(stripe(), user.id);
    const event = eventFor(fake(), "payment_intent.succeeded", intent.id);
    fake().setDown(true);
    try {
      const response = await deliver(signed(event));
      expect(response.status).toBe(503);
      expect(response.json.error?.code).toBe("service_unavailable");
    } finally {
      fake().setDown(false);
    }
    expect(await roleOf(user.id)).toBe("user");
    expect((await deliver(signed(event))).json.handled).toBe(true);
    expect(await roleOf(user.id)).toBe("pro_user");
  });

  it("refuses a signed body that is not an event, and an oversized body, with JSON errors", async () => {
    const notEvent = await deliver(signed({ id: "evt_x" }));
    expect(notEvent.status).toBe(400);
    expect(notEvent.json.error?.message).toBe("Not a Stripe event");
    const big = await call(POST, { method: "POST", rawBody: "x".repeat(600 * 1024), headers: { "stripe-signature": "t=1,v1=abc" } });
    expect(big.status).toBe(413);
  });
});
