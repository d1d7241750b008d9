"use client";

import { Loader2 } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { sendJson } from "@/lib/api/client";
import { localePath } from "@/lib/i18n/locales.mjs";
import { useRouter } from "@/lib/i18n/router";
import { cn } from "@/lib/utils";
import { useAccountProblem } from "./use-problem";

/**
 * Delete account: confirmed in an alert dialog where the person types their password (a Google-only
 * account instead needs a sign-in with Google in the last few minutes). Afterwards the browser is
 * signed out and goes to the home page.
 */
export function DeleteAccount({ hasPassword, freshSignIn }: { hasPassword: boolean; freshSignIn: boolean }) {
  const router = useRouter();
  const t = useTranslations("account.deleteAccount");
  const { locale, problem } = useAccountProblem();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (!hasPassword && !freshSignIn) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t("googleFirst")}</p>
        <Button variant="outline" onClick={() => void signIn("google", { callbackUrl: localePath(locale, "/dashboard/account#delete") })}>
          {t("googleAgain")}
        </Button>
      </div>
    );
  }

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (hasPassword && !password) return setError(t("passwordRequired"));
    setError(undefined);
    setBusy(true);
    try {
      await sendJson("/api/me", hasPassword ? { password } : {}, "DELETE");
    } catch (e) {
      setError(problem(e, { fields: { password: t("wrongPassword") } }));
      setBusy(false);
      return;
    }
    // The server ended every session and cleared the cookie; the API token goes too.
    localStorage.removeItem("token");
    setOpen(false);
    await refreshCurrentUser();
    toast.success(t("deleted"));
    router.push("/");
    router.refresh();
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) {
          setPassword("");
          setError(undefined);
        }
      }}
      onSubmit={confirm}
      trigger={<Button variant="destructive">{t("button")}</Button>}
      title={t("title")}
      description={t("description")}
      cancelDisabled={busy}
      action={
        // A submit button rather than AlertDialogAction: the dialog stays open on a refusal.
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t("button")}
        </Button>
      }
    >
      {hasPassword && (
        <Field id="delete-password" label={t("passwordLabel")} error={error}>
          <input
            id="delete-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={describedBy("delete-password", { error })}
            className={cn(inputClass, error && invalidClass)}
          />
        </Field>
      )}
      {!hasPassword && error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
