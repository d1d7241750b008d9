"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { toast } from "sonner";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, sendJson } from "@/lib/api/client";
import { cn } from "@/lib/utils";

export const ACCOUNT_DELETED_MESSAGE = "Your account was deleted.";

/**
 * Delete account: confirmed in an alert dialog where the person types their password (a Google-only
 * account instead needs a sign-in with Google in the last few minutes). Afterwards the browser is
 * signed out and goes to the home page.
 */
export function DeleteAccount({ hasPassword, freshSignIn }: { hasPassword: boolean; freshSignIn: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (!hasPassword && !freshSignIn) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Your account signs in with Google. To delete it, login with Google again, then come back here within 10 minutes.
        </p>
        <Button variant="outline" onClick={() => void signIn("google", { callbackUrl: "/dashboard/account#delete" })}>
          Login with Google again
        </Button>
      </div>
    );
  }

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (hasPassword && !password) return setError("Your password is required");
    setError(undefined);
    setBusy(true);
    try {
      await sendJson("/api/me", hasPassword ? { password } : {}, "DELETE");
    } catch (e) {
      const message = e instanceof RequestError ? (e.issues.find((i) => i.path === "password")?.message ?? e.message) : "Something went wrong. Please try again.";
      setError(message);
      setBusy(false);
      return;
    }
    // The server ended every session and cleared the cookie; the API token goes too.
    localStorage.removeItem("token");
    setOpen(false);
    await refreshCurrentUser();
    toast.success(ACCOUNT_DELETED_MESSAGE);
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
      trigger={<Button variant="destructive">Delete my account</Button>}
      title="Delete your account?"
      description="This cannot be undone. Your name, email, picture and sign-in go; your votes still count, anonymously."
      cancelDisabled={busy}
      action={
        // A submit button rather than AlertDialogAction: the dialog stays open on a refusal.
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          Delete my account
        </Button>
      }
    >
      {hasPassword && (
        <Field id="delete-password" label="Your password" error={error}>
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
