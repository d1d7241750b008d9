"use client";

import { Loader2 } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { localePath } from "@/lib/i18n/locales.mjs";

type Availability = "checking" | "available" | "unavailable";

// Remembered across the round trip to Google so the login page can word a failure for registration.
export const GOOGLE_INTENT_KEY = "opinex.google-intent";

/**
 * Google sign-in, offered only when the server has it configured; otherwise it says so. Back from
 * Google, the person lands on `callbackUrl` in this page's language.
 */
export function GoogleButton({ label, intent, callbackUrl }: { label: string; intent: "login" | "register"; callbackUrl: string }) {
  const t = useTranslations("auth.google");
  const locale = usePageLocale();
  const [availability, setAvailability] = useState<Availability>("checking");
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    let live = true;
    fetch("/api/auth/providers", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : {}))
      .then((providers: Record<string, unknown>) => live && setAvailability(providers?.google ? "available" : "unavailable"))
      .catch(() => live && setAvailability("unavailable"));
    return () => {
      live = false;
    };
  }, []);

  const unavailable = availability === "unavailable";
  return (
    <div className="space-y-1.5">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={availability !== "available" || redirecting}
        aria-describedby={unavailable ? "google-unavailable" : undefined}
        onClick={async () => {
          setRedirecting(true);
          sessionStorage.setItem(GOOGLE_INTENT_KEY, intent);
          await signIn("google", { redirectTo: localePath(locale, callbackUrl) });
        }}
      >
        {redirecting || availability === "checking" ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <GoogleMark />}
        {label}
      </Button>
      {unavailable && (
        <p id="google-unavailable" className="text-center text-xs text-slate-500">
          {t("unavailable")}
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}
