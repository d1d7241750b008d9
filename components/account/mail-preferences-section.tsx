"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { sendJson } from "@/lib/api/client";
import { useAccountProblem } from "./use-problem";

type Preferences = { results: boolean; surveyNews: boolean; signInNotices: boolean };

/** The optional kinds of mail, in the order shown; each one's label and hint are `account.mailPreferences.{key}`. */
const OPTIONS: (keyof Preferences)[] = ["results", "surveyNews", "signInNotices"];

/**
 * The account page's mail preferences: each optional kind of mail on or off, saved as it is ticked.
 * Mail about the account itself (verification, password reset, change of address, a second factor
 * added or removed) always goes out.
 */
export function MailPreferencesSection({ initial, mailEnabled }: { initial: Preferences; mailEnabled: boolean }) {
  const t = useTranslations("account");
  const { problem } = useAccountProblem();
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<keyof Preferences | null>(null);
  const change = async (key: keyof Preferences, value: boolean) => {
    setSaving(key);
    try {
      const { preferences: saved } = await sendJson<{ preferences: Preferences }>("/api/me/mail-preferences", { [key]: value }, "PATCH");
      setPreferences(saved);
      toast.success(t("mailPreferences.saved"), { description: t("mailPreferences.savedText") });
    } catch (error) {
      toast.error(t("mailPreferences.notSaved"), { description: problem(error, {}, t("problems.tryAgain")) });
    } finally {
      setSaving(null);
    }
  };
  return (
    <div>
      {!mailEnabled && <p className="text-sm text-slate-700">{t("mailPreferences.noMail")}</p>}
      <ul className="mt-2 space-y-3">
        {OPTIONS.map((key) => (
          <li key={key}>
            <label className="flex min-h-11 items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 h-5 w-5 accent-brand-700"
                checked={preferences[key]}
                disabled={saving !== null}
                onChange={(event) => change(key, event.target.checked)}
                aria-describedby={`mail-${key}-hint`}
              />
              <span>
                <span className="font-medium text-slate-900">{t(`mailPreferences.${key}.label`)}</span>
                <span id={`mail-${key}-hint`} className="block text-sm text-slate-600">
                  {t(`mailPreferences.${key}.hint`)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
