"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { EmailField, PasswordField } from "@/components/auth/form-field";
import { ResendVerification } from "@/components/auth/resend-verification";
import { Button } from "@/components/ui/button";
import { RequestError, sendJson } from "@/lib/api/client";
import { changeEmailSchema } from "@/lib/accounts/email-links-schema";

type Input = { email: string; password: string };

/**
 * The account page's email address (inside its section): the current one and whether it is verified, and a change of
 * address confirmed from the new inbox (the address changes only when that link is opened).
 */
export function EmailSection({ email, verified, hasPassword, mailEnabled }: { email: string; verified: boolean; hasPassword: boolean; mailEnabled: boolean }) {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input>({ resolver: zodResolver(changeEmailSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = async (values: Input) => {
    setSent(null);
    try {
      setSent((await sendJson<{ message: string }>("/api/me/email", values)).message);
      reset();
    } catch (error) {
      const issue = error instanceof RequestError ? error.issues[0] : undefined;
      const field = issue?.path === "email" || issue?.path === "password" ? issue.path : "root";
      setError(field, { message: error instanceof Error ? error.message : "Something went wrong" });
    }
  };

  return (
    <div>
      <p className="text-slate-800">
        <strong className="break-all">{email}</strong>{" "}
        {verified ? <span className="text-green-800">(verified)</span> : <span className="text-amber-800">(not verified yet)</span>}
      </p>
      {!verified && mailEnabled && (
        <div className="mt-3">
          <ResendVerification callbackPath="/dashboard/account#email" />
        </div>
      )}
      {!mailEnabled ? (
        <p className="mt-4 text-sm text-slate-700">This site sends no email, so an address cannot be confirmed here. Ask an administrator to change it.</p>
      ) : !hasPassword ? (
        <p className="mt-4 text-sm text-slate-700">This account signs in with Google: its address is your Google account&apos;s.</p>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 max-w-md space-y-4" aria-label="Change email address">
          <EmailField id="change-email" label="New email address" error={errors.email?.message} {...register("email")} />
          <PasswordField
            id="change-email-password"
            label="Your password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register("password")}
          />
          {errors.root && (
            <p role="alert" className="text-sm text-red-700">
              {errors.root.message}
            </p>
          )}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
            Send a confirmation link
          </Button>
          <p role="status" className="text-sm text-green-800">
            {sent}
          </p>
        </form>
      )}
    </div>
  );
}
