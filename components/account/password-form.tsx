"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, sendJson } from "@/lib/api/client";
import { cn } from "@/lib/utils";
import { changePasswordSchema } from "@/lib/accounts/schema";
import { PASSWORD_MIN } from "@/lib/accounts/auth-schema";

type Errors = { currentPassword?: string; newPassword?: string; form?: string };

/** Current and new password (POST /api/me/password); afterwards every other session is signed out. */
export function PasswordForm() {
  const router = useRouter();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    try {
      await sendJson("/api/me/password", parsed.data);
      setValues({ currentPassword: "", newPassword: "" });
      toast.success("Your password was changed", { description: "Every other browser and API token was signed out." });
      router.refresh();
    } catch (e) {
      if (e instanceof RequestError) {
        const field = e.issues.find((i) => i.path === "currentPassword" || i.path === "newPassword");
        setErrors(field ? { [field.path]: field.message } : { form: e.message });
        toast.error(`Error: ${e.message}`);
      } else {
        setErrors({ form: "Something went wrong. Please try again." });
      }
    } finally {
      setBusy(false);
    }
  };

  const input = (name: "currentPassword" | "newPassword", autoComplete: string) => (
    <input
      id={`account-${name}`}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      aria-invalid={!!errors[name]}
      aria-describedby={describedBy(`account-${name}`, { error: errors[name], hint: name === "newPassword" })}
      className={cn(inputClass, errors[name] && invalidClass)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-sm space-y-4">
      <Field id="account-currentPassword" label="Current password" error={errors.currentPassword}>
        {input("currentPassword", "current-password")}
      </Field>
      <Field id="account-newPassword" label="New password" error={errors.newPassword} hint={`At least ${PASSWORD_MIN} characters.`}>
        {input("newPassword", "new-password")}
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        Change password
      </Button>
    </form>
  );
}
