import { PurchaseButton } from "@/components/site/purchase-button";
import { paymentsConfigured } from "@/lib/payments/config";
import { PAYMENT_TEXTS } from "@/lib/payments/plan";

/** The pricing card's call to action: Purchase when payments are configured (read per request), else why not. */
export function PurchaseArea() {
  return (
    <>
      {paymentsConfigured() ? (
        <PurchaseButton />
      ) : (
        <p role="status" className="rounded-md bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
          {PAYMENT_TEXTS.notConfigured}
        </p>
      )}
      <p className="mt-4 text-center text-xs text-slate-600">{PAYMENT_TEXTS.refundRule}</p>
    </>
  );
}
