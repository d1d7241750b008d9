"use client";

import { useState } from "react";
import { toast } from "sonner";
import { RequestError, sendJson } from "@/lib/api/client";

type Preferences = { results: boolean; surveyNews: boolean; signInNotices: boolean };

const OPTIONS: { key: keyof Preferences; label: string; hint: string }[] = [
  { key: "results", label: "Results of surveys I asked about", hint: "When a survey you ticked \u201cEmail me the result\u201d on closes." },
  { key: "surveyNews", label: "News of my own surveys", hint: "When one of your surveys closes, or an admin unpublishes it with feedback." },
  { key: "signInNotices", label: "Sign-ins from a new browser", hint: "When your account signs in from a browser or system it has not used before." },
];

/**
 * The account page's mail preferences: each optional kind of mail on or off, saved as it is ticked.
 * Mail about the account itself (verification, password reset, change of address, a second factor
 * added or removed) always goes out.
 */
export function MailPreferencesSection({ initial, mailEnabled }: { initial: Preferences; mailEnabled: boolean }) {
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<keyof Preferences | null>(null);
  const change = async (key: keyof Preferences, value: boolean) => {
    setSaving(key);
    try {
      const { preferences: saved } = await sendJson<{ preferences: Preferences }>("/api/me/mail-preferences", { [key]: value }, "PATCH");
      setPreferences(saved);
      toast.success("Saved", { description: "Your email preferences were saved." });
    } catch (error) {
      toast.error("Not saved", { description: error instanceof RequestError ? error.message : "Please try again." });
    } finally {
      setSaving(null);
    }
  };
  return (
    <div>
      {!mailEnabled && <p className="text-sm text-slate-700">This site sends no email at the moment; these choices apply when it does.</p>}
      <ul className="mt-2 space-y-3">
        {OPTIONS.map((option) => (
          <li key={option.key}>
            <label className="flex min-h-11 items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 h-5 w-5 accent-brand-700"
                checked={preferences[option.key]}
                disabled={saving !== null}
                onChange={(event) => change(option.key, event.target.checked)}
                aria-describedby={`mail-${option.key}-hint`}
              />
              <span>
                <span className="font-medium text-slate-900">{option.label}</span>
                <span id={`mail-${option.key}-hint`} className="block text-sm text-slate-600">
                  {option.hint}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
