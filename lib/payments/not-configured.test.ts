import { describe, expect, it } from "vitest";
import { POST as createPaymentIntent } from "@/app/api/create-payment-intent/route";
import { POST as savePayment } from "@/app/api/save-payment/route";
import { POST as webhook } from "@/app/api/stripe/webhook/route";
import { PaymentForm } from "@/components/payment/payment-form";
import { PaymentPanel } from "@/components/payment/payment-panel";
import { PurchaseArea } from "@/components/payment/purchase-area";
import { PurchaseButton } from "@/components/site/purchase-button";
import { PAYMENT_TEXTS } from "@/lib/payments/plan";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { isValidElement, type ReactElement } from "react";

// The demo and a fresh checkout run without Stripe keys: everything says so, nothing crashes.
for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY", "STRIPE_API_URL"]) delete process.env[name];

function collect(node: unknown, out: ReactElement[] = []): ReactElement[] {
  if (Array.isArray(node)) node.forEach((n) => collect(n, out));
  else if (isValidElement(node)) {
    out.push(node);
    collect((node as ReactElement<{ children?: unknown }>).props.children, out);
  }
  return out;
}
const textOf = (node: unknown): string =>
  collect(node)
    .flatMap((e) => [(e as ReactElement<{ children?: unknown }>).props.children].flat())
    .filter((c) => typeof c === "string")
    .join(" ");

describe("payments without Stripe keys", () => {
  it("the payment page says payments are not configured and shows no card form", async () => {
    const panel = await PaymentPanel({ user: { email: "u@test.example", name: "U", role: "user" } });
    expect(collect(panel).some((e) => e.type === PaymentForm)).toBe(false);
    expect(textOf(panel)).toContain(PAYMENT_TEXTS.notConfigured);
  });

  it("the pricing card still offers Purchase (signed out, it asks to log in), told payments are not ready, and states the refund rule", async () => {
    const page = await PurchaseArea();
    const button = collect(page).find((e) => e.type === PurchaseButton);
    expect(button?.props).toMatchObject({ paymentsReady: false });
    expect(textOf(page)).toContain(PAYMENT_TEXTS.refundRule);
  });

  it("the payment calls answer 503 JSON, and the webhook too", async () => {
    const user = await createUser();
    const created = await call(createPaymentIntent, { method: "POST", as: user, body: { amount: 1600 } });
    expect(created.status).toBe(503);
    expect(created.json.error?.message).toBe("Payments are not configured on this site. Please try again later.");
    const saved = await call(savePayment, { method: "POST", as: user, body: { paymentIntentId: "pi_123" } });
    expect(saved.status).toBe(503);
    const hook = await call(webhook, { method: "POST", rawBody: "{}", headers: { "stripe-signature": "t=1,v1=x" } });
    expect(hook.status).toBe(503);
  });
});
