"use client";

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeCardElementOptions } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { CheckCircle2, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { confirmUpgrade, createPaymentIntent, savePayment } from "@/components/payment/payment-api";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { Button } from "@/components/ui/button";
import { RequestError } from "@/lib/api/client";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { useRouter } from "@/lib/i18n/router";

// Stable: a new object on every render would make the card element update itself each time.
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: { base: { fontSize: "16px", color: "#0f172a", "::placeholder": { color: "#64748b" } }, invalid: { color: "#b91c1c" } },
};

type Payer = { email: string; name: string | null };
type Translate = ReturnType<typeof useTranslations<"pricing.form">>;

/**
 * Why the payment could not start. The API explains in English, which an English page shows as it
 * is; another language says the same by the answer's status.
 */
function initErrorText(error: unknown, locale: string, t: Translate): string {
  const status = error instanceof RequestError ? error.status : -1;
  if (locale === DEFAULT_LOCALE && error instanceof Error) return error.message;
  if (status === 0) return t("errors.network");
  if (status === 401) return t("errors.signedOut");
  if (status === 403) return t("errors.forbidden");
  if (status === 409) return t("errors.conflict");
  if (status === 429) return t("errors.tooMany");
  if (status === 503) return t("errors.unavailable");
  return t("errors.other");
}

/**
 * The card form of /payment. Stripe.js is loaded here only (`@stripe/stripe-js/pure` injects its
 * script when this component first renders, never on import), with the publishable key the server
 * read at request time. Stripe writes its card fields and its own messages in the page's language.
 */
export function PaymentForm({ publishableKey, payer }: { publishableKey: string; payer: Payer }) {
  const t = useTranslations("pricing.form");
  const locale = usePageLocale();
  const [loadFailed, setLoadFailed] = useState(false);
  const [stripePromise] = useState<Promise<Stripe | null>>(() =>
    loadStripe(publishableKey).catch((error: unknown) => {
      console.error("Stripe.js did not load", error);
      setLoadFailed(true);
      return null;
    }),
  );
  if (loadFailed) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm font-medium text-red-800">
        {t("loadFailed")}
      </p>
    );
  }
  return (
    <Elements stripe={stripePromise} options={{ locale }}>
      <CheckoutForm payer={payer} />
    </Elements>
  );
}

function CheckoutForm({ payer }: { payer: Payer }) {
  const t = useTranslations("pricing.form");
  const locale = usePageLocale();
  const stripe = useStripe();
  const elements = useElements();
  const router = useRouter();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [initError, setInitError] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  // Stripe took the money: the button stays off whatever happens next, so no one pays twice.
  const [paid, setPaid] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let cancelled = false;
    createPaymentIntent()
      .then((data) => !cancelled && setClientSecret(data.clientSecret))
      .catch((e: unknown) => !cancelled && setInitError(e));
    return () => {
      cancelled = true;
    };
  }, []);

  const fail = (message: string) => {
    setError(message);
    setProcessing(false);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !clientSecret || processing) return;
    const card = elements.getElement(CardElement);
    if (!card) return fail(t("noCard"));
    setError(null);
    setProcessing(true);

    const created = await stripe.createPaymentMethod({ type: "card", card, billing_details: { email: payer.email, name: payer.name ?? undefined } });
    if (created.error) return fail(created.error.message ?? t("failed"));
    const confirmed = await stripe.confirmCardPayment(clientSecret, { payment_method: created.paymentMethod.id });
    if (confirmed.error) return fail(confirmed.error.message ?? t("failed"));
    const intent = confirmed.paymentIntent;
    if (intent?.status !== "succeeded") return fail(t("failed"));
    setPaid(true);

    try {
      // The server checks the payment with Stripe itself; these calls only ask it to (the webhook does too).
      await savePayment({ paymentIntentId: intent.id, amount: intent.amount, currency: intent.currency, user: { email: payer.email, displayName: payer.name } });
      await confirmUpgrade(payer.email);
    } catch {
      const message = t("saveIssue");
      toast.error(t("errorTitle"), { description: message, duration: 10_000 });
      return fail(message);
    }
    setSaved(true);
    setProcessing(false);
    toast.success(t("successTitle"), { description: t("successText") });
    // The navigation bar learns the new role now, not on the next page load.
    await refreshCurrentUser();
    router.push("/");
    router.refresh();
  }

  if (initError) {
    return (
      <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">{t("initFailed")}</p>
        <p className="mt-1">{initErrorText(initError, locale, t)}</p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label={t("label")} className="space-y-4" noValidate>
      <div>
        <span id="card-label" className="mb-2 block text-sm font-medium text-slate-800">
          {t("cardDetails")}
        </span>
        <div role="group" aria-labelledby="card-label" className="rounded-md border border-slate-300 bg-white px-3 py-3 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-200">
          <CardElement options={CARD_OPTIONS} />
        </div>
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm font-medium text-green-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
          {t("paid")}
        </p>
      )}
      <Button type="submit" className="w-full" size="lg" disabled={!stripe || !clientSecret || processing || paid} aria-busy={processing}>
        {processing ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {t("processing")}
          </>
        ) : (
          t("pay")
        )}
      </Button>
      {!clientSecret && (
        <p className="text-center text-sm text-slate-600" role="status">
          {t("preparing")}
        </p>
      )}
    </form>
  );
}
