"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useApiSentence } from "@/components/auth/api-sentences";
import { EmailField } from "@/components/auth/form-field";
import { FormDone } from "@/components/auth/form-done";
import { Altcha, useAltcha } from "@/components/ui/altcha";
import { Button } from "@/components/ui/button";
import { RequestError, sendJson } from "@/lib/api/client";
import { forgotPasswordSchema } from "@/lib/accounts/email-links-schema";
import { Link } from "@/lib/i18n/link";

type Input = { email: string };

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const say = useApiSentence();
  // The form's own checks say their English sentences: said in the page's language when shown.
  const said = (message: string | undefined) => message && say(message);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const altcha = useAltcha();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = async (values: Input) => {
    setProblem(null);
    const payload = await altcha.payload();
    if (!payload) return;
    try {
      setDone(say((await sendJson<{ message: string }>("/api/password/forgot", { ...values, altcha: payload })).message));
    } catch (error) {
      // The robot check is spent or refused either way: a fresh one, with its own message under it (the
      // widget says the API's sentence in the page's language).
      const robotCheck = error instanceof RequestError && error.issues.some((i) => i.path === "altcha") ? error.message : null;
      altcha.reset(robotCheck);
      if (!robotCheck) setProblem(error instanceof Error ? say(error.message) : t("somethingWrong"));
    }
  };

  if (done) return <FormDone message={done} tone="neutral" href="/login" label={t("forgot.backToLogin")} />;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t("forgot.form")}>
      <p className="text-sm text-slate-700">{t("forgot.intro")}</p>
      {problem && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {problem}
        </p>
      )}
      <EmailField id="forgot-email" error={said(errors.email?.message)} {...register("email")} />
      <Altcha control={altcha} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {t("forgot.send")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t("forgot.remembered")}{" "}
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </form>
  );
}
