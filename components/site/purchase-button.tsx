"use client";

import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useCurrentUser } from "@/components/site/use-current-user";
import { AlertDialogAction } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { can } from "@/lib/auth/permissions";
import { PAYMENT_TEXTS } from "@/lib/payments/plan";

/**
 * The viewer-specific part of the pricing card, so the page itself is one cached page. `paymentsReady`
 * is false before the site's Stripe keys are set: only a signed-in buyer, who would otherwise reach the
 * card form, is told; the button keeps its place.
 */
export function PurchaseButton({ paymentsReady }: { paymentsReady: boolean }) {
  const viewer = useCurrentUser();

  if (viewer.status === "loading") {
    return (
      <Button className="w-full" disabled aria-busy="true">
        Purchase
      </Button>
    );
  }

  const user = viewer.user;
  if (!user) {
    return (
      <ConfirmDialog
        trigger={<Button className="w-full">Purchase</Button>}
        title="Login First"
        description="Please login to purchase this item"
        action={
          <AlertDialogAction asChild>
            <Link href="/login?callbackUrl=%2Fpricing">Login</Link>
          </AlertDialogAction>
        }
      />
    );
  }

  if (can(user.role, "viewOwnBilling")) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 rounded-md bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
        <span>
          You already have the Extended plan.{" "}
          <Link href="/dashboard/pro_user/billing" className="underline">
            See your billing
          </Link>
        </span>
      </p>
    );
  }

  if (!can(user.role, "purchasePro")) {
    return (
      <p role="status" className="rounded-md bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
        The Extended plan is for voters: {user.role} accounts cannot buy it.
      </p>
    );
  }

  if (!paymentsReady) {
    return (
      <>
        <Button className="w-full" disabled aria-describedby="payments-unavailable">
          Purchase
        </Button>
        <p id="payments-unavailable" role="status" className="mt-3 rounded-md bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
          {PAYMENT_TEXTS.notConfigured}
        </p>
      </>
    );
  }

  // A full page load, not a client-side navigation: only /payment's own Content-Security-Policy
  // allows Stripe.js, and a document keeps the policy it was loaded with.
  return (
    <Button asChild className="w-full">
      <a href="/payment">Purchase</a>
    </Button>
  );
}
