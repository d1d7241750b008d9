"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass } from "@/components/ui/field";
import { sendJson } from "@/lib/api/client";
import { rememberLocale } from "@/components/site/language-choice";
import { LOCALE_NAMES, LOCALES, localePath } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";
import { useAccountProblem } from "./use-problem";

/**
 * The account's language (PATCH /api/me `{ locale }`), in the profile's section: the site's and its mail's. Saved, it is also
 * this browser's choice (the NEXT_LOCALE cookie the server reads, as the footer's switcher sets it),
 * and the page loads again in it. Each language is named in itself.
 */
export function LanguageSection({ saved }: { saved: Locale }) {
  const t = useTranslations("account.language");
  const { problem } = useAccountProblem();
  const shown = usePageLocale();
  const [value, setValue] = useState<Locale>(saved);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await sendJson("/api/me", { locale: value }, "PATCH");
    } catch (error) {
      toast.error(t("notSaved"), { description: problem(error) });
      setBusy(false);
      return;
    }
    rememberLocale(value);
    // A whole new page: every text of it, the shell's included, is in the new language. English has no
    // prefix, so its address may be this one: a hash alone would not load it again.
    const page = localePath(value, "/dashboard/account");
    if (window.location.pathname === page) window.location.reload();
    else window.location.assign(localePath(value, "/dashboard/account#language"));
  };

  return (
    <form id="language" onSubmit={submit} className="flex scroll-mt-24 flex-col gap-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 sm:max-w-sm">
        <Field id="account-language" label={t("label")} hint={t("hint")}>
          <select
            id="account-language"
            name="locale"
            value={value}
            onChange={(e) => setValue(e.target.value as Locale)}
            aria-describedby={describedBy("account-language", { hint: true })}
            className={inputClass}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {/* Nothing to save when the account and this page already are in the chosen language. */}
      <Button type="submit" disabled={busy || (value === saved && value === shown)} className="sm:mt-[1.625rem]">
        {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {busy ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
