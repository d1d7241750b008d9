"use client";

import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { KeyRound, Loader2, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
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
import { textRuleProblem } from "./request-problem";
import { ListLoading } from "./list-loading";
import { useAccountProblem } from "./use-problem";

/** The browser's errors of a passkey prompt, by name: the key of their words (null: closed by the person, nothing to say). */
function registrationFailure(error: unknown): "alreadyHere" | "cannotMake" | "notMade" | null {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return null;
  if (name === "InvalidStateError") return "alreadyHere";
  if (name === "SecurityError" || name === "NotSupportedError") return "cannotMake";
  return "notMade";
}

/**
 * The account page's passkeys: each with its name, when it was added and last used; add one (the
 * browser's own prompt), rename one in place, remove one after a confirmation. Loaded in the browser
 * from GET /api/me/passkeys; dates in the site's time zone, as the rest of the page.
 */
export function PasskeysSection({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.passkeys");
  const { locale, problem } = useAccountProblem();
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
      (e: unknown) => live && setLoadError(t("loadFailed", { problem: problem(e) })),
    );
    return () => {
      live = false;
    };
  }, [t, problem]);

  useEffect(() => load(), [load]);

  const add = async () => {
    setAddError(null);
    if (!browserSupportsWebAuthn()) return setAddError(t("unsupported"));
    setAdding(true);
    try {
      const optionsJSON = await sendJson<PublicKeyCredentialCreationOptionsJSON>("/api/me/passkeys/options", {});
      const response = await startRegistration({ optionsJSON });
      const { passkey } = await sendJson<{ passkey: PasskeyJson }>("/api/me/passkeys", { response });
      setPasskeys((list) => [...(list ?? []), passkey]);
      rememberPasskey();
      toast.success(t("added"), { description: t("addedText", { name: passkey.name }) });
    } catch (e) {
      const failure = registrationFailure(e);
      const known = (r: RequestError) => (r.status === 409 ? t("alreadyHere") : r.status === 400 ? t("notMade") : undefined);
      setAddError(e instanceof RequestError ? problem(e, { known }) : failure && t(failure));
    } finally {
      setAdding(false);
    }
  };

  if (passkeys === null) {
    return (
      <ListLoading
        loading={t("loading")}
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
        <p className="text-sm text-slate-700">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              added={formatDateTime(new Date(passkey.createdAt), timeZone, locale)}
              lastUsed={passkey.lastUsedAt ? formatTimeAgo(new Date(passkey.lastUsedAt), now, timeZone, locale) : null}
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
          {t("add")}
        </Button>
        {full && (
          <p id="passkeys-full" className="text-sm text-slate-600">
            {t("full", { limit })}
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
  const t = useTranslations("account.passkeys");
  const { locale, problem } = useAccountProblem();
  const nameRules = { required: t("nameRequired"), tooLong: t("nameTooLong", { max: PASSKEY_NAME_MAX }), forbidden: t("nameForbidden") };
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
    if (!parsed.success) return setNameError(textRuleProblem(parsed.error.issues[0], locale, nameRules));
    setNameError(undefined);
    setSaving(true);
    try {
      const { passkey: renamed } = await sendJson<{ passkey: PasskeyJson }>(`/api/me/passkeys/${passkey.id}`, { name: parsed.data }, "PATCH");
      onRenamed(renamed);
      setEditing(false);
      toast.success(t("renamed"));
    } catch (e) {
      setNameError(problem(e, { fields: { name: nameRules.required } }));
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
        setRemoveError(problem(e));
        setRemoving(false);
        return;
      }
    }
    setConfirming(false);
    toast.success(t("removed"), { description: t("removedText", { name: passkey.name }) });
    onRemoved();
  };

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start sm:justify-between" data-testid="passkey">
      {editing ? (
        <form onSubmit={rename} noValidate aria-label={t("renameLabel", { name: passkey.name })} className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1 sm:max-w-sm">
            <Field id={inputId} label={t("nameLabel")} error={nameError}>
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
              {t("save")}
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
              {t("cancel")}
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
                {passkey.backedUp && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t("synced")}</span>}
              </p>
              <p className="text-sm text-slate-600">
                {t.rich("addedOn", { date: added, time: (chunks) => <time dateTime={passkey.createdAt}>{chunks}</time> })} ·{" "}
                {passkey.lastUsedAt
                  ? t.rich("lastUsed", { date: lastUsed ?? "", time: (chunks) => <time dateTime={passkey.lastUsedAt ?? undefined}>{chunks}</time> })
                  : t("notUsed")}
              </p>
            </div>
          </div>
          <div className="flex gap-2 self-start">
            <Button
              variant="outline"
              size="sm"
              className="h-11 sm:h-9"
              aria-label={t("renameLabel", { name: passkey.name })}
              onClick={() => {
                setName(passkey.name);
                setEditing(true);
              }}
            >
              {t("rename")}
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
                <Button variant="outline" size="sm" className="h-11 sm:h-9" aria-label={t("removeLabel", { name: passkey.name })}>
                  {t("remove")}
                </Button>
              }
              title={t("removeTitle")}
              description={t("removeText", { name: passkey.name })}
              cancelDisabled={removing}
              action={
                <Button type="submit" variant="destructive" disabled={removing}>
                  {removing && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
                  {t("removeAction")}
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
