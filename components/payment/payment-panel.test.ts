import { setRequestLocale } from "next-intl/server";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { textOf } from "@/tests/element-text";
import { PAYMENT_TEXTS } from "@/lib/payments/plan";
import { PaymentForm } from "./payment-form";
import { PurchaseButton, type PurchaseTexts } from "@/components/site/purchase-button";
import { PaymentPanel } from "./payment-panel";
import { PurchaseArea } from "./purchase-area";

// Keys given only at run time (never at build time): the panel reads them per request.
process.env.STRIPE_SECRET_KEY = "sk_test_runtime_only";
process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_runtime_only";

const person = (role: "user" | "pro_user" | "admin" | "surveyor") => ({ email: "p@test.example", name: "P", role });

describe("PaymentPanel with keys configured at run time", () => {
  it("gives a user the card form with the run-time publishable key", async () => {
    const panel = await PaymentPanel({ user: person("user") });
    expect(panel.type).toBe(PaymentForm);
    expect(panel.props).toMatchObject({ publishableKey: "pk_test_runtime_only", payer: { email: "p@test.example", name: "P" } });
  });

  it("tells a pro_user they already have the plan, and admins and surveyors that it is not for them: no form", async () => {
    expect(textOf(await PaymentPanel({ user: person("pro_user") }))).toContain("You already have the Extended plan.");
    for (const role of ["admin", "surveyor"] as const) {
      const panel = await PaymentPanel({ user: person(role) });
      expect(panel.type).not.toBe(PaymentForm);
      expect(textOf(panel)).toContain(`${role} accounts cannot buy it`);
    }
  });

  it("the pricing card offers Purchase and states the refund rule", async () => {
    const area = await PurchaseArea();
    const children = [area.props.children].flat() as ReactElement<{ paymentsReady: boolean; texts: PurchaseTexts }>[];
    expect(children[0].type).toBe(PurchaseButton);
    expect(children[0].props).toMatchObject({ paymentsReady: true, texts: { purchase: "Purchase", loginFirst: "Login First" } });
    expect(textOf(children[1])).toBe(PAYMENT_TEXTS.refundRule);
  });

  it("speaks the page's language: the panel, the button's words and the refund rule in Spanish and German", async () => {
    try {
      setRequestLocale("es");
      expect(textOf(await PaymentPanel({ user: person("pro_user") }))).toContain("Ya tienes el plan Extended.");
      expect(textOf(await PaymentPanel({ user: person("admin") }))).toContain("las cuentas de administrador no pueden comprarlo");
      const area = await PurchaseArea();
      const [button, refund] = [area.props.children].flat() as ReactElement<{ texts: PurchaseTexts }>[];
      expect(button.props.texts).toMatchObject({ purchase: "Comprar", loginFirst: "Inicia sesión primero" });
      expect(button.props.texts.notForRole.surveyor).toContain("las cuentas de encuestador");
      expect(textOf(refund)).toContain("reembolsa");
      setRequestLocale("de");
      expect(textOf(await PaymentPanel({ user: person("surveyor") }))).toContain("Konten von Umfrageerstellern können ihn nicht kaufen");
    } finally {
      setRequestLocale("en");
    }
  });
});
