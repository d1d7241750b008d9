import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { textOf } from "@/tests/element-text";
import { PAYMENT_TEXTS } from "@/lib/payments/plan";
import { PaymentForm } from "./payment-form";
import { PurchaseButton } from "@/components/site/purchase-button";
import { PaymentPanel } from "./payment-panel";
import { PurchaseArea } from "./purchase-area";

// Keys given only at run time (never at build time): the panel reads them per request.
process.env.STRIPE_SECRET_KEY = "sk_test_runtime_only";
process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_runtime_only";

const person = (role: "user" | "pro_user" | "admin" | "surveyor") => ({ email: "p@test.example", name: "P", role });

describe("PaymentPanel with keys configured at run time", () => {
  it("gives a user the card form with the run-time publishable key", () => {
    const panel = PaymentPanel({ user: person("user") });
    expect(panel.type).toBe(PaymentForm);
    expect(panel.props).toMatchObject({ publishableKey: "pk_test_runtime_only", payer: { email: "p@test.example", name: "P" } });
  });

  it("tells a pro_user they already have the plan, and admins and surveyors that it is not for them: no form", () => {
    expect(textOf(PaymentPanel({ user: person("pro_user") }))).toContain("You already have the Extended plan.");
    for (const role of ["admin", "surveyor"] as const) {
      const panel = PaymentPanel({ user: person(role) });
      expect(panel.type).not.toBe(PaymentForm);
      expect(textOf(panel)).toContain(`${role} accounts cannot buy it`);
    }
  });

  it("the pricing card offers Purchase and states the refund rule", () => {
    const area = PurchaseArea();
    const children = [area.props.children].flat() as ReactElement[];
    expect(children[0].type).toBe(PurchaseButton);
    expect(children[0].props).toEqual({ paymentsReady: true });
    expect(textOf(children[1])).toBe(PAYMENT_TEXTS.refundRule);
  });
});
