"use client";

// The ALTCHA proof-of-work widget of the registration, contact and forgot-password forms. Served from our
// own origin and bundled: `altcha/external` (no inline worker code, no styles injected) with its stylesheet
// loaded with it, when a form shows the widget (a stylesheet imported statically belongs to its pages, and
// every link to them preloads it on prefetch, unused: "preloaded but not used" in the console), and the
// PBKDF2 worker bundled as a file of its own, so it runs under the site's script
// policy ('self' plus nonces, no blob: workers). It only fetches GET /api/altcha/challenge: no tracking
// (the pointer-movement collector is off) and no third party.
// Its words are the page's language (the `altcha` area, which the island of each form that shows the
// widget names): the widget's own, registered with it under the page's language (the package's
// translations say "Sie" and "usted"; the site says "du" and "tú"), and the messages said under it.
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { ALTCHA_MESSAGES, isAltchaCode, type AltchaCode } from "@/lib/validation/altcha";

type WidgetElement = HTMLElement & {
  getState: () => string;
  reset: () => void;
  verify: () => Promise<{ payload: string } | null>;
};

export type AltchaHandle = {
  /**
   * The solved payload: waits for a solve in progress, starts one that has not started; null (with the
   * message shown under the check box) when it could not be solved.
   */
  payload: () => Promise<string | null>;
  /**
   * A fresh, unsolved widget after the server refused a submission (its payload may be spent), with the
   * refusal's message under it when it was the robot check's own: its code, or the server's (English)
   * message for one, is said in the page's language; any other text is shown as given.
   */
  reset: (message?: string | null) => void;
};

/**
 * A form's hold on its widget: `const altcha = useAltcha()`, `<Altcha control={altcha} />`, then
 * `await altcha.payload()` when sending and `altcha.reset()` after a refusal.
 */
export class AltchaControl implements AltchaHandle {
  private widget: AltchaHandle | null = null;
  attach(widget: AltchaHandle | null) {
    this.widget = widget;
  }
  payload = async () => (this.widget ? this.widget.payload() : null);
  reset = (message?: string | null) => this.widget?.reset(message);
}

export function useAltcha(): AltchaControl {
  const [control] = useState(() => new AltchaControl());
  return control;
}

type Translate = ReturnType<typeof useTranslations<"altcha">>;

// The widget's texts that this site's widget can show (no code challenges, no footer; its logo's link).
const WIDGET_TEXTS = ["label", "loading", "verify", "verifying", "waitAlert", "verified", "verificationRequired", "error", "expired", "reload", "ariaLinkLabel"] as const;

/** Registers the widget's texts in the page's language under that language's code, the widget's `language`. */
function registerWidgetTexts(locale: string, t: Translate): string {
  const texts = Object.fromEntries(WIDGET_TEXTS.map((key) => [key, t(`widget.${key}`)]));
  globalThis.$altcha.i18n.set(locale, { ...globalThis.$altcha.i18n.get("en"), ...texts });
  return locale;
}

/** A refusal's code, whether given as the code or as the server's English message for it. */
function refusalCode(message: string): AltchaCode | undefined {
  if (isAltchaCode(message)) return message;
  return (Object.keys(ALTCHA_MESSAGES) as AltchaCode[]).find((code) => ALTCHA_MESSAGES[code] === message);
}

let loading: Promise<void> | undefined;
/** Defines <altcha-widget> once, with the worker its challenges need. */
function loadAltcha(): Promise<void> {
  loading ??= Promise.all([import("altcha/external"), import("altcha/altcha.css")]).then(() => {
    globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Worker(new URL("altcha/workers/pbkdf2", import.meta.url)));
  });
  return loading;
}

export function Altcha({ control }: { control: AltchaControl }) {
  const t = useTranslations("altcha");
  const locale = usePageLocale();
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<WidgetElement | null>(null);
  const latest = useRef<{ state: string; payload: string | null }>({ state: "unverified", payload: null });
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Read when the widget is made, not reasons to make it again: a refreshed page hands the same texts
  // anew, and a new widget would lose a solve in progress.
  const widgetLanguage = useEffectEvent(() => registerWidgetTexts(locale, t));
  const sayLoadFailed = useEffectEvent(() => setProblem(t("loadFailed")));

  useEffect(() => {
    let cancelled = false;
    loadAltcha()
      .then(async () => {
        if (cancelled || !host.current) return;
        const language = widgetLanguage();
        const element = document.createElement("altcha-widget") as WidgetElement;
        element.setAttribute("name", "altcha");
        element.setAttribute("challenge", "/api/altcha/challenge");
        // Starts solving as soon as the person is in the form, so it is done by the time they send it.
        element.setAttribute("auto", "onfocus");
        element.setAttribute("workers", String(Math.min(4, navigator.hardwareConcurrency || 2)));
        // No pointer-movement collection, no attribution link to another site.
        element.setAttribute("configuration", JSON.stringify({ humanInteractionSignature: false, hideFooter: true, credentials: "same-origin", language }));
        element.addEventListener("statechange", (event) => {
          const detail = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
          latest.current = { state: detail.state, payload: detail.state === "verified" ? (detail.payload ?? null) : null };
          if (detail.state === "verified") setProblem(null);
        });
        host.current.replaceChildren(element);
        widget.current = element;
        setReady(true);
        // Someone already in the form before the widget arrived gets their check started now.
        const form = host.current.closest("form");
        if (form?.contains(document.activeElement)) setTimeout(() => element.getState() === "unverified" && void element.verify(), 0);
      })
      .catch(() => sayLoadFailed());
    return () => {
      cancelled = true;
      widget.current?.remove();
      widget.current = null;
    };
  }, []);

  useEffect(() => {
    control.attach({
      payload: async () => {
        const element = widget.current;
        if (!element) {
          setProblem(t("altcha_required"));
          return null;
        }
        if (latest.current.state === "verifying") {
          // A solve in progress (it started when the form got focus): wait for it, within reason.
          await new Promise<void>((resolve) => {
            const done = () => {
              element.removeEventListener("statechange", check);
              clearTimeout(timer);
              resolve();
            };
            const check = () => latest.current.state !== "verifying" && done();
            const timer = setTimeout(done, 30_000);
            element.addEventListener("statechange", check);
          });
        }
        if (latest.current.state === "verified" && latest.current.payload) return latest.current.payload;
        // Not started yet, or expired while the form was open: solve it now, as the person sends the form.
        if (latest.current.state === "unverified" || latest.current.state === "expired") {
          if (latest.current.state === "expired") element.reset();
          const result = await element.verify().catch(() => null);
          if (result?.payload) return result.payload;
        }
        // It could not be solved (the challenge did not load, or it failed): say so, on the check box.
        setProblem(t("altcha_required"));
        element.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
        return null;
      },
      reset: (message) => {
        latest.current = { state: "unverified", payload: null };
        widget.current?.reset();
        const code = message ? refusalCode(message) : undefined;
        setProblem(code ? t(code) : (message ?? null));
      },
    });
    return () => control.attach(null);
  }, [control, t]);

  return (
    <div className="space-y-1">
      <div ref={host} className="altcha-host min-h-[3.75rem]" aria-busy={!ready || undefined} />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
