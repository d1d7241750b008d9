import { PurchaseButton } from "@/components/site/purchase-button";
import { paymentsConfigured } from "@/lib/payments/config";
import { PAYMENT_TEXTS } from "@/lib/payments/plan";

/**
 * The pricing card's call to action. Purchase is always there (a signed-out visitor is asked to log in
 * whatever the configuration); whether payments are configured is read per server and only changes
 * what a signed-in buyer is told.
 */
export function PurchaseArea() {
  return (
    <>
      <PurchaseButton paymentsReady={paymentsConfigured()} />
      <p className="mt-4 text-center text-xs text-slate-600">{PAYMENT_TEXTS.refundRule}</p>
    </>
  );
}
