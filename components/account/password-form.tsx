"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, sendJson } from "@/lib/api/client";
import { cn } from "@/lib/utils";
import { changePasswordSchema } from "@/lib/accounts/schema";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/accounts/auth-schema";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { useAccountProblem } from "./use-problem";

type Errors = { currentPassword?: string; newPassword?: string; form?: string };

/** Current and new password (POST /api/me/password); afterwards every other session is signed out. */
export function PasswordForm() {
  const router = useRouter();
  const t = useTranslations("account");
  const { locale, problem } = useAccountProblem();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // A rule the typed passwords broke, in words (English keeps the schema's own message).
  const ruleText = (field: PropertyKey): string => {
    const { currentPassword, newPassword } = values;
    if (field === "currentPassword") return currentPassword ? t("password.wrongCurrent") : t("password.currentRequired");
    if (!newPassword) return t("password.required");
    if (newPassword.length < PASSWORD_MIN) return t("password.tooShort", { min: PASSWORD_MIN });
    if (newPassword.length > PASSWORD_MAX) return t("password.tooLong", { max: PASSWORD_MAX });
    return t("password.same");
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= locale === DEFAULT_LOCALE ? issue.message : ruleText(issue.path[0]);
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    try {
      await sendJson("/api/me/password", parsed.data);
      setValues({ currentPassword: "", newPassword: "" });
      toast.success(t("password.changed"), { description: t("password.changedText") });
      router.refresh();
    } catch (e) {
      if (e instanceof RequestError) {
        const field = e.issues.find((i) => i.path === "currentPassword" || i.path === "newPassword");
        const fields = { currentPassword: t("password.wrongCurrent"), newPassword: t("problems.invalid") };
        const known = (r: RequestError) => (field ? fields[field.path as keyof typeof fields] : r.status === 409 ? t("password.changedMeanwhile") : undefined);
        setErrors(field ? { [field.path]: problem(e, { fields }) } : { form: problem(e, { known }) });
        toast.error(t("errorToast", { message: problem(e, { known }) }));
      } else {
        setErrors({ form: problem(e) });
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
      <Field id="account-currentPassword" label={t("password.current")} error={errors.currentPassword}>
        {input("currentPassword", "current-password")}
      </Field>
      <Field id="account-newPassword" label={t("password.new")} error={errors.newPassword} hint={t("password.hint", { min: PASSWORD_MIN })}>
        {input("newPassword", "new-password")}
      </Field>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {t("password.change")}
      </Button>
    </form>
  );
}
