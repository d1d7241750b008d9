"use client";

import { CheckCircle2 } from "lucide-react";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useCurrentUser } from "@/components/site/use-current-user";
import { AlertDialogAction } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { can } from "@/lib/auth/permissions";
import { localePath } from "@/lib/i18n/locales.mjs";
import { Link } from "@/lib/i18n/link";
import type { Role } from "@/models/enums";

/** The button's words in the page's language, from the pricing card (components/payment/purchase-area.tsx). */
export type PurchaseTexts = {
  purchase: string;
  loginFirst: string;
  loginText: string;
  login: string;
  alreadyPro: string;
  seeBilling: string;
  notConfigured: string;
  /** Why a role that does not buy the plan cannot, one sentence per role. */
  notForRole: Record<Role, string>;
};

/**
 * The viewer-specific part of the pricing card, so the page itself is one cached page. Its words come
 * from the card (a server component), so only they reach the browser. `paymentsReady`
 * is false before the site's Stripe keys are set: only a signed-in buyer, who would otherwise reach the
 * card form, is told; the button keeps its place. Its links lead to the pages in the card's language.
 */
export function PurchaseButton({ paymentsReady, texts }: { paymentsReady: boolean; texts: PurchaseTexts }) {
  const viewer = useCurrentUser();
  const locale = usePageLocale();

  if (viewer.status === "loading") {
    return (
      <Button className="w-full" disabled aria-busy="true">
        {texts.purchase}
      </Button>
    );
  }

  const user = viewer.user;
  if (!user) {
    return (
      <ConfirmDialog
        trigger={<Button className="w-full">{texts.purchase}</Button>}
        title={texts.loginFirst}
        description={texts.loginText}
        action={
          <AlertDialogAction asChild>
            <Link href={`/login?callbackUrl=${encodeURIComponent(localePath(locale, "/pricing"))}`}>{texts.login}</Link>
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
          {texts.alreadyPro}{" "}
          <Link href="/dashboard/pro_user/billing" className="underline">
            {texts.seeBilling}
          </Link>
        </span>
      </p>
    );
  }

  if (!can(user.role, "purchasePro")) {
    return (
      <p role="status" className="rounded-md bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
        {texts.notForRole[user.role]}
      </p>
    );
  }

  if (!paymentsReady) {
    return (
      <>
        <Button className="w-full" disabled aria-describedby="payments-unavailable">
          {texts.purchase}
        </Button>
        <p id="payments-unavailable" role="status" className="mt-3 rounded-md bg-slate-100 px-4 py-3 text-center text-sm text-slate-700">
          {texts.notConfigured}
        </p>
      </>
    );
  }

  // A full page load, not a client-side navigation: only /payment's own Content-Security-Policy
  // allows Stripe.js, and a document keeps the policy it was loaded with.
  return (
    <Button asChild className="w-full">
      <a href={localePath(locale, "/payment")}>{texts.purchase}</a>
    </Button>
  );
}
