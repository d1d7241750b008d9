"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Altcha, useAltcha } from "@/components/ui/altcha";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { cn } from "@/lib/utils";
import { isAltchaCode } from "@/lib/validation/altcha";
import { CONTACT_MESSAGE_MAX, contactErrorKey, contactErrorsIn, contactSchemaSaying, type ContactErrors, type ContactInput } from "@/lib/contact/schema";

type ApiError = { code?: string; message?: string; issues?: { path: string; message: string }[] };
type ApiErrorBody = { error?: ApiError };

/** What the last press of Send came to, said in the form itself (beside what it is about, not in a toast). */
type Outcome = { sent: true; to: string } | { sent: false; message: string };

/** A field's refusal from the API (English) in the form's language, when it is one of the schema's. */
function sayRefusal(message: string, refusals: ContactErrors): string {
  const key = contactErrorKey(message);
  return key ? refusals[key] : message;
}

export function ContactForm() {
  const t = useTranslations("legal.contactForm");
  const locale = usePageLocale();
  const altcha = useAltcha();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The same checks as the API's, saying what is wrong in the page's language.
  const refusals = useMemo(() => contactErrorsIn((key, limit) => t(`errors.${key}`, { limit })), [t]);
  const schema = useMemo(() => contactSchemaSaying(refusals), [refusals]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(schema), defaultValues: { name: "", email: "", message: "" } });

  /** Why the API refused, in the page's language; another refusal's own (English) words only to English readers. */
  const reasonOf = (status: number, error: ApiError | undefined): string => {
    if (status === 429) return t("tooMany");
    if (error?.code === "internal") return t("internal");
    const refusal = error?.message && contactErrorKey(error.message);
    if (refusal) return refusals[refusal];
    return locale === DEFAULT_LOCALE && error?.message ? error.message : t("later");
  };

  const onSubmit = async (values: ContactInput) => {
    setOutcome(null);
    const payload = await altcha.payload();
    if (!payload) return;
    let response: Response;
    try {
      response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...values, altcha: payload }),
      });
    } catch {
      altcha.reset();
      setOutcome({ sent: false, message: t("offline") });
      return;
    }
    if (response.ok) {
      setOutcome({ sent: true, to: values.email });
      reset();
      altcha.reset();
      return;
    }
    const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
    // The robot check is spent or refused either way: a fresh one, with its own message under it (so
    // the form does not say it again).
    const robotRefused = isAltchaCode(body.error?.code);
    altcha.reset(robotRefused ? body.error?.message : null);
    for (const issue of body.error?.issues ?? []) {
      if (issue.path === "name" || issue.path === "email" || issue.path === "message") {
        setError(issue.path, { message: sayRefusal(issue.message, refusals) });
      }
    }
    if (!robotRefused) setOutcome({ sent: false, message: reasonOf(response.status, body.error) });
  };

  const control = (field: keyof ContactInput) => ({
    id: field,
    className: cn(inputClass, errors[field] && invalidClass),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(field, { error: errors[field] }),
    ...register(field),
  });

  const strong = (chunks: React.ReactNode) => <strong className="font-semibold">{chunks}</strong>;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label={t("label")}>
      {/* Always in the page, so screen readers announce what is put into it. */}
      <div role="status" aria-live="polite">
        {outcome?.sent && (
          <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            {t.rich("sent", { strong, address: outcome.to })}
          </p>
        )}
      </div>
      <Field id="name" label={t("name")} error={errors.name?.message}>
        <input autoComplete="name" {...control("name")} />
      </Field>
      <Field id="email" label={t("email")} error={errors.email?.message}>
        <input type="email" autoComplete="email" {...control("email")} />
      </Field>
      <Field id="message" label={t("message")} error={errors.message?.message}>
        <textarea rows={6} maxLength={CONTACT_MESSAGE_MAX} {...control("message")} />
      </Field>
      <Altcha control={altcha} />
      {outcome && !outcome.sent && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          {t.rich("failed", { strong, reason: outcome.message })}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t("sending") : t("send")}
      </Button>
    </form>
  );
}
