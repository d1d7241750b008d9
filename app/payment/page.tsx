import type { Metadata } from "next";
import { PaymentPanel } from "@/components/payment/payment-panel";
import { requireUser } from "@/lib/auth/guards";
import { PAYMENT_TEXTS, PRO_PLAN } from "@/lib/payments/plan";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

// Rendered per request (it reads the session): who is paying, and the keys as configured at run time.
export default async function PaymentPage() {
  const user = await requireUser("/payment");
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">Payment</h1>
      <p className="mt-2 text-slate-700">
        Extended plan: <span className="font-semibold">{PRO_PLAN.label}</span> once, to comment on every survey you vote on.
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <PaymentPanel user={user} />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Card payments are handled by Stripe; we never see your card number. Stripe emails your receipt to {user.email}.{" "}
        {PAYMENT_TEXTS.refundRule}
      </p>
    </div>
  );
}
