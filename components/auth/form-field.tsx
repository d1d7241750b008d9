import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { CODE_MAX } from "@/components/auth/second-factor-words";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { cn } from "@/lib/utils";

/** A labelled input with its validation message, announced to screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: ComponentProps<"input"> & { id: string; label: string; error?: string; hint?: string }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })}
        className={cn(
          inputClass,
          "file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-800",
          error && invalidClass,
          className,
        )}
        {...input}
      />
    </Field>
  );
}

/** An email address field: the right keyboard on phones, the browser's autofill, the length limit. */
export function EmailField(props: ComponentProps<"input"> & { id: string; label?: string; error?: string; hint?: string }) {
  const t = useTranslations("auth.fields");
  return <FormField label={t("email")} type="email" autoComplete="email" inputMode="email" maxLength={254} {...props} />;
}

/** A password field; `autoComplete` says whether it is the current password or a new one. */
export function PasswordField(
  props: ComponentProps<"input"> & { id: string; label?: string; error?: string; hint?: string; autoComplete: "current-password" | "new-password" },
) {
  const t = useTranslations("auth.fields");
  return <FormField label={t("password")} type="password" maxLength={128} {...props} />;
}

/** A second factor's code field: the app's six digits or a recovery code, offered from the phone's messages and kept as typed. */
export function CodeField(props: ComponentProps<"input"> & { id: string; error?: string }) {
  const t = useTranslations("auth.fields");
  return (
    <FormField
      label={t("code")}
      name="code"
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={CODE_MAX}
      {...props}
    />
  );
}

export function OrDivider() {
  const t = useTranslations("auth.fields");
  return (
    <div className="flex items-center gap-3 text-xs font-medium uppercase text-slate-500" role="separator">
      <span className="h-px flex-1 bg-slate-200" />
      {t("or")}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
