"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, type FieldError } from "react-hook-form";
import { EmailField, PasswordField } from "@/components/auth/form-field";
import { ResendVerification } from "@/components/auth/resend-verification";
import { Button } from "@/components/ui/button";
import { sendJson, type RequestError } from "@/lib/api/client";
import { RESERVED_EMAIL_MESSAGE } from "@/lib/accounts/auth-schema";
import { changeEmailSchema } from "@/lib/accounts/email-links-schema";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { refusedField } from "./request-problem";
import { useAccountProblem } from "./use-problem";

type Input = { email: string; password: string };

/**
 * The account page's email address (inside its section): the current one and whether it is verified, and a change of
 * address confirmed from the new inbox (the address changes only when that link is opened).
 */
export function EmailSection({ email, verified, hasPassword, mailEnabled }: { email: string; verified: boolean; hasPassword: boolean; mailEnabled: boolean }) {
  const t = useTranslations("account");
  const { locale, problem } = useAccountProblem();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(changeEmailSchema), defaultValues: { email: "", password: "" } });

  // The schema's own words in English; in another language the rule it broke (zod's issue code).
  const ruleText = (field: keyof Input, error: FieldError | undefined) => {
    if (!error?.message || locale === DEFAULT_LOCALE || error.type === "server") return error?.message;
    if (field === "password") return t("email.passwordRequired");
    if (error.type === "too_big") return t("email.tooLong");
    if (error.type === "invalid_format") return t("email.invalid");
    if (error.type === "custom") return error.message === RESERVED_EMAIL_MESSAGE ? t("email.reserved") : t("email.forbidden");
    return t("email.required");
  };

  const onSubmit = async (values: Input) => {
    setSent(null);
    try {
      const { message } = await sendJson<{ message: string }>("/api/me/email", values);
      setSent(locale === DEFAULT_LOCALE ? message : t("email.sent", { email: values.email }));
      reset();
    } catch (error) {
      // The API's message (in English) under the field it names, or under the form.
      const field = refusedField(error, ["email", "password"] as const) ?? "root";
      const known = (e: RequestError) =>
        ({ email: t("email.refused"), password: t("email.wrongPassword"), root: undefined })[field] ??
        (e.status === 409 ? t("email.taken") : e.status === 503 ? t("email.mailOff") : undefined);
      // Said as it is: no rule of the schema to put in words again (`ruleText`).
      setError(field, { type: "server", message: problem(error, { known }, t("problems.genericShort")) });
    }
  };

  return (
    <div>
      <p className="text-slate-800">
        <strong className="break-all">{email}</strong>{" "}
        {verified ? <span className="text-green-800">{t("email.verified")}</span> : <span className="text-amber-800">{t("email.notVerified")}</span>}
      </p>
      {!verified && mailEnabled && (
        <div className="mt-3">
          <ResendVerification callbackPath="/dashboard/account#email" />
        </div>
      )}
      {!mailEnabled ? (
        <p className="mt-4 text-sm text-slate-700">{t("email.noMail")}</p>
      ) : !hasPassword ? (
        <p className="mt-4 text-sm text-slate-700">{t("email.google")}</p>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 max-w-md space-y-4" aria-label={t("email.formLabel")}>
          <EmailField id="change-email" label={t("email.newLabel")} error={ruleText("email", errors.email)} {...register("email")} />
          <PasswordField
            id="change-email-password"
            label={t("email.passwordLabel")}
            autoComplete="current-password"
            error={ruleText("password", errors.password)}
            {...register("password")}
          />
          {errors.root && (
            <p role="alert" className="text-sm text-red-700">
              {errors.root.message}
            </p>
          )}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
            {t("email.send")}
          </Button>
          <p role="status" className="text-sm text-green-800">
            {sent}
          </p>
        </form>
      )}
    </div>
  );
}
