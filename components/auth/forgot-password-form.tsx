"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { EmailField } from "@/components/auth/form-field";
import { FormDone } from "@/components/auth/form-done";
import { Altcha, useAltcha } from "@/components/ui/altcha";
import { Button } from "@/components/ui/button";
import { RequestError, sendJson } from "@/lib/api/client";
import { forgotPasswordSchema } from "@/lib/accounts/email-links-schema";

type Input = { email: string };

export function ForgotPasswordForm() {
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
      setDone((await sendJson<{ message: string }>("/api/password/forgot", { ...values, altcha: payload })).message);
    } catch (error) {
      const message = error instanceof Error ? error.message : "Something went wrong";
      // The robot check is spent or refused either way: a fresh one, with its own message under it.
      const own = error instanceof RequestError && error.issues.some((i) => i.path === "altcha");
      altcha.reset(own ? message : null);
      if (!own) setProblem(message);
    }
  };

  if (done) return <FormDone message={done} tone="neutral" href="/login" label="Back to login" />;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Forgot password">
      <p className="text-sm text-slate-700">Enter the address of your account. We will mail you a link to choose a new password.</p>
      {problem && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {problem}
        </p>
      )}
      <EmailField id="forgot-email" error={errors.email?.message} {...register("email")} />
      <Altcha control={altcha} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        Send the link
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          Back to login
        </Link>
      </p>
    </form>
  );
}
