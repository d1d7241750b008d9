import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { paymentTotals } from "@/lib/payments/payments";
import { payments } from "@/models";
import { itIsForAdminsOnly } from "@/tests/admin";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

const DAY = 86_400_000;

describe("GET /api/get_payment_info", () => {
  itIsForAdminsOnly(GET, { path: "/api/get_payment_info" });

  it("lists payments newest first, in pages, with the total received per currency", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const payers = [await createUser({ name: "Old Payer" }), await createUser({ name: "New Payer" }), await createUser({ name: "Euro Payer" })];
    await db.insert(payments).values([
      { paymentIntentId: "pi_old", amount: 1600, currency: "usd", userId: payers[0].id, userName: "Old Payer", userEmail: payers[0].email, createdAt: new Date(Date.now() - 3 * DAY) },
      { paymentIntentId: "pi_new", amount: 1600, currency: "usd", userId: payers[1].id, userName: "New Payer", userEmail: payers[1].email, createdAt: new Date(Date.now() - DAY) },
      { paymentIntentId: "pi_eur", amount: 1500, currency: "eur", userId: payers[2].id, userName: "Euro Payer", userEmail: payers[2].email, createdAt: new Date(Date.now() - 2 * DAY) },
    ]);

    const res = await call(GET, { as: admin, path: "/api/get_payment_info" });
    expect(res.status).toBe(200);
    const rows = res.json as unknown as Record<string, unknown>[];
    expect(rows.map((r) => r.paymentIntentId)).toEqual(["pi_new", "pi_eur", "pi_old"]);
    expect(rows[0]).toEqual({
      _id: expect.any(String),
      paymentIntentId: "pi_new",
      amount: 1600,
      currency: "usd",
      userName: "New Payer",
      userEmail: payers[1].email,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.headers.get("x-total-count")).toBe("3");

    const page2 = await call(GET, { as: admin, path: "/api/get_payment_info?limit=2&page=2" });
    expect((page2.json as unknown as { paymentIntentId: string }[]).map((r) => r.paymentIntentId)).toEqual(["pi_old"]);
    expect((await call(GET, { as: admin, path: "/api/get_payment_info?limit=500" })).status).toBe(400);

    expect(await paymentTotals()).toEqual([
      { currency: "usd", amount: 3200, count: 2 },
      { currency: "eur", amount: 1500, count: 1 },
    ]);
  });
});
