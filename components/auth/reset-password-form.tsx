"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PasswordField } from "@/components/auth/form-field";
import { FormDone } from "@/components/auth/form-done";
import { Button } from "@/components/ui/button";
import { sendJson } from "@/lib/api/client";
import { PASSWORD_MIN } from "@/lib/accounts/auth-schema";
import { resetPasswordFormSchema } from "@/lib/accounts/email-links-schema";

type Input = { password: string; confirm: string };

export function ResetPasswordForm() {
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
      setDone((await sendJson<{ message: string }>("/api/password/reset", { token, password: values.password })).message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "Something went wrong");
    }
  };

  if (done) return <FormDone message={done} tone="success" href="/login" label="Go to login" />;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Choose a new password">
      {problem && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{problem}</p>
          <Link href="/forgot-password" className="mt-1 inline-block font-medium text-brand-700 underline">
            Ask for a new link
          </Link>
        </div>
      )}
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordField id="reset-confirm" label="New password, again" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm")} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        Set the new password
      </Button>
    </form>
  );
}
