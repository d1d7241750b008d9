"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useApiSentence } from "@/components/auth/api-sentences";
import { PasswordField } from "@/components/auth/form-field";
import { FormDone } from "@/components/auth/form-done";
import { Button } from "@/components/ui/button";
import { sendJson } from "@/lib/api/client";
import { PASSWORD_MIN } from "@/lib/accounts/auth-schema";
import { resetPasswordFormSchema } from "@/lib/accounts/email-links-schema";
import { Link } from "@/lib/i18n/link";

type Input = { password: string; confirm: string };

export function ResetPasswordForm() {
  const t = useTranslations("auth");
  const say = useApiSentence();
  // The form's own checks say their English sentences: said in the page's language when shown.
  const said = (message: string | undefined) => message && say(message);
  const token = useSearchParams().get("token") ?? "";
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: "", confirm: "" } });

  const onSubmit = async (values: Input) => {
    setProblem(null);
    try {
      setDone(say((await sendJson<{ message: string }>("/api/password/reset", { token, password: values.password })).message));
    } catch (error) {
      setProblem(error instanceof Error ? say(error.message) : t("somethingWrong"));
    }
  };

  if (done) return <FormDone message={done} tone="success" href="/login" label={t("reset.toLogin")} />;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t("reset.form")}>
      {problem && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{problem}</p>
          <Link href="/forgot-password" className="mt-1 inline-block font-medium text-brand-700 underline">
            {t("reset.newLink")}
          </Link>
        </div>
      )}
      <PasswordField
        id="reset-password"
        label={t("reset.newPassword")}
        autoComplete="new-password"
        hint={t("reset.hint", { min: PASSWORD_MIN })}
        error={said(errors.password?.message)}
        {...register("password")}
      />
      <PasswordField id="reset-confirm" label={t("reset.again")} autoComplete="new-password" error={said(errors.confirm?.message)} {...register("confirm")} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {t("reset.submit")}
      </Button>
    </form>
  );
}
