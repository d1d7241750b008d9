"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { EmailField } from "@/components/auth/form-field";
import { FormDone } from "@/components/auth/form-done";
import { Button } from "@/components/ui/button";
import { sendJson } from "@/lib/api/client";
import { forgotPasswordSchema } from "@/lib/validation/email-links";

type Input = { email: string };

export function ForgotPasswordForm() {
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = async (values: Input) => {
    setProblem(null);
    try {
      setDone((await sendJson<{ message: string }>("/api/password/forgot", values)).message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "Something went wrong");
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
