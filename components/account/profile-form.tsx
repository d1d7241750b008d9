"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { sendJson } from "@/lib/api/client";
import { cn } from "@/lib/utils";
import { updateProfileSchema } from "@/lib/accounts/schema";
import { textRuleProblem } from "./request-problem";
import { useAccountProblem } from "./use-problem";

/** The display name (PATCH /api/me), checked here with the server's own rules first. */
export function ProfileForm({ name }: { name: string | null }) {
  const router = useRouter();
  const t = useTranslations("account");
  const { locale, problem } = useAccountProblem();
  const nameRules = { required: t("profile.required"), tooLong: t("profile.tooLong"), forbidden: t("profile.forbidden") };
  const [value, setValue] = useState(name ?? "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse({ name: value });
    if (!parsed.success) return setError(textRuleProblem(parsed.error.issues[0], locale, nameRules));
    setError(undefined);
    setBusy(true);
    try {
      const { user } = await sendJson<{ user: { name: string } }>("/api/me", parsed.data, "PATCH");
      setValue(user.name);
      toast.success(t("profile.saved"));
      await refreshCurrentUser();
      router.refresh();
    } catch (e) {
      const message = problem(e, { fields: { name: t("problems.invalid") } });
      setError(message);
      toast.error(t("errorToast", { message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 sm:max-w-sm">
        <Field id="account-name" label={t("profile.nameLabel")} error={error}>
          <input
            id="account-name"
            name="name"
            autoComplete="name"
            maxLength={80}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={describedBy("account-name", { error })}
            className={cn(inputClass, error && invalidClass)}
          />
        </Field>
      </div>
      <Button type="submit" disabled={busy} className="sm:mb-px">
        {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {t("profile.save")}
      </Button>
    </form>
  );
}
