"use client";

import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { KeyRound, Loader2, Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { rememberPasskey } from "@/components/auth/passkey-sign-in";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, requestJson, sendJson } from "@/lib/api/client";
import { formatDateTime, formatTimeAgo } from "@/lib/dates";
import { cn } from "@/lib/utils";
import { PASSKEY_NAME_MAX, passkeyNameSchema, type PasskeyJson } from "@/lib/accounts/passkey-schema";
import { ListLoading } from "./list-loading";

const failure = (e: unknown) => (e instanceof RequestError ? e.message : "Something went wrong. Please try again.");

/** What the browser's passkey prompt ended with, in words; null when the person closed it (nothing to say). */
function registrationFailure(error: unknown): string | null {
  if (error instanceof RequestError) return error.message;
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return null;
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  if (name === "SecurityError" || name === "NotSupportedError") return "This browser cannot make a passkey for this site.";
  return "The passkey could not be made. Please try again.";
}

/**
 * The account page's passkeys: each with its name, when it was added and last used; add one (the
 * browser's own prompt), rename one in place, remove one after a confirmation. Loaded in the browser
 * from GET /api/me/passkeys; dates in the site's time zone, as the rest of the page.
 */
export function PasskeysSection({ timeZone }: { timeZone: string }) {
  const [passkeys, setPasskeys] = useState<PasskeyJson[] | null>(null);
  const [limit, setLimit] = useState(10);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    let live = true;
    requestJson<{ passkeys: PasskeyJson[]; limit: number }>("/api/me/passkeys").then(
      (answer) => {
        if (!live) return;
        setPasskeys(answer.passkeys);
        setLimit(answer.limit);
      },
      (e: unknown) => live && setLoadError(`Your passkeys could not be loaded. ${failure(e)}`),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => load(), [load]);

  const add = async () => {
    setAddError(null);
    if (!browserSupportsWebAuthn()) return setAddError("This browser does not support passkeys.");
    setAdding(true);
    try {
      const optionsJSON = await sendJson<PublicKeyCredentialCreationOptionsJSON>("/api/me/passkeys/options", {});
      const response = await startRegistration({ optionsJSON });
      const { passkey } = await sendJson<{ passkey: PasskeyJson }>("/api/me/passkeys", { response });
      setPasskeys((list) => [...(list ?? []), passkey]);
      rememberPasskey();
      toast.success("Passkey added", { description: `“${passkey.name}” now signs you in. You can rename it below.` });
    } catch (e) {
      setAddError(registrationFailure(e));
    } finally {
      setAdding(false);
    }
  };

  if (passkeys === null) {
    return (
      <ListLoading
        what="passkeys"
        error={loadError}
        onRetry={() => {
          setLoadError(null);
          load();
        }}
      />
    );
  }

  const full = passkeys.length >= limit;
  const now = new Date();
  return (
    <div className="space-y-4">
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-700">You have no passkeys yet. Add one to sign in with this device&apos;s screen lock, fingerprint or face instead of your password.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              added={formatDateTime(new Date(passkey.createdAt), timeZone)}
              lastUsed={passkey.lastUsedAt ? formatTimeAgo(new Date(passkey.lastUsedAt), now, timeZone) : null}
              onRenamed={(renamed) => setPasskeys((list) => list && list.map((p) => (p.id === renamed.id ? renamed : p)))}
              onRemoved={() => setPasskeys((list) => list && list.filter((p) => p.id !== passkey.id))}
            />
          ))}
        </ul>
      )}
      {addError && (
        <p role="alert" className="text-sm text-red-700" data-testid="passkey-add-error">
          {addError}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button variant="outline" className="self-start" disabled={adding || full} onClick={add} aria-describedby={full ? "passkeys-full" : undefined}>
          {adding ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <Plus aria-hidden="true" className="h-4 w-4" />}
          Add a passkey
        </Button>
        {full && (
          <p id="passkeys-full" className="text-sm text-slate-600">
            You have {limit} passkeys, the most an account can have. Remove one to add another.
          </p>
        )}
      </div>
    </div>
  );
}

function PasskeyItem({
  passkey,
  added,
  lastUsed,
  onRenamed,
  onRemoved,
}: {
  passkey: PasskeyJson;
  added: string;
  lastUsed: string | null;
  onRenamed: (passkey: PasskeyJson) => void;
  onRemoved: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string>();
  const inputId = `passkey-name-${passkey.id}`;

  const rename = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
    setNameError(undefined);
    setSaving(true);
    try {
      const { passkey: renamed } = await sendJson<{ passkey: PasskeyJson }>(`/api/me/passkeys/${passkey.id}`, { name: parsed.data }, "PATCH");
      onRenamed(renamed);
      setEditing(false);
      toast.success("Passkey renamed");
    } catch (e) {
      setNameError(e instanceof RequestError ? (e.issues.find((i) => i.path === "name")?.message ?? e.message) : failure(e));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (event: React.FormEvent) => {
    event.preventDefault();
    setRemoving(true);
    setRemoveError(undefined);
    try {
      await requestJson(`/api/me/passkeys/${passkey.id}`, { method: "DELETE" });
    } catch (e) {
      // Already gone (removed from another browser): what the person wanted.
      if (!(e instanceof RequestError && e.status === 404)) {
        setRemoveError(failure(e));
        setRemoving(false);
        return;
      }
    }
    setConfirming(false);
    toast.success("Passkey removed", { description: `“${passkey.name}” no longer signs you in.` });
    onRemoved();
  };

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start sm:justify-between" data-testid="passkey">
      {editing ? (
        <form onSubmit={rename} noValidate aria-label={`Rename ${passkey.name}`} className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1 sm:max-w-sm">
            <Field id={inputId} label="Name of this passkey" error={nameError}>
              <input
                id={inputId}
                name="name"
                autoComplete="off"
                maxLength={PASSKEY_NAME_MAX}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={!!nameError}
                aria-describedby={describedBy(inputId, { error: nameError })}
                className={cn(inputClass, nameError && invalidClass)}
                autoFocus
              />
            </Field>
          </div>
          <div className="flex gap-2 sm:mb-px">
            <Button type="submit" size="sm" className="h-11 sm:h-9" disabled={saving}>
              {saving && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
              Save
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-11 sm:h-9"
              disabled={saving}
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setNameError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="flex min-w-0 items-start gap-3">
            <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900" data-testid="passkey-name">
                {passkey.name}
                {passkey.backedUp && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Synced</span>}
              </p>
              <p className="text-sm text-slate-600">
                Added <time dateTime={passkey.createdAt}>{added}</time> ·{" "}
                {passkey.lastUsedAt ? (
                  <>
                    Last used <time dateTime={passkey.lastUsedAt}>{lastUsed}</time>
                  </>
                ) : (
                  "Not used yet"
                )}
              </p>
            </div>
          </div>
          <div className="flex gap-2 self-start">
            <Button
              variant="outline"
              size="sm"
              className="h-11 sm:h-9"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => {
                setName(passkey.name);
                setEditing(true);
              }}
            >
              Rename
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={(open) => {
                if (removing) return;
                setConfirming(open);
                if (!open) setRemoveError(undefined);
              }}
              onSubmit={remove}
              trigger={
                <Button variant="outline" size="sm" className="h-11 sm:h-9" aria-label={`Remove ${passkey.name}`}>
                  Remove
                </Button>
              }
              title="Remove this passkey?"
              description={`“${passkey.name}” will no longer sign you in. The device may still list it: you can delete it there too.`}
              cancelDisabled={removing}
              action={
                <Button type="submit" variant="destructive" disabled={removing}>
                  {removing && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
                  Remove passkey
                </Button>
              }
            >
              {removeError && (
                <p role="alert" className="text-sm text-red-700">
                  {removeError}
                </p>
              )}
            </ConfirmDialog>
          </div>
        </>
      )}
    </li>
  );
}
