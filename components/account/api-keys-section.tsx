"use client";

import { Check, Copy, KeyRound, Loader2, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { RequestError, requestJson, sendJson } from "@/lib/api/client";
import { formatDateTime, formatTimeAgo } from "@/lib/dates";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { API_KEY_NAME_MAX, apiKeyNameSchema, type ApiKeyJson } from "@/lib/integrations/api-key-schema";
import { API_SCOPES, type ApiScope } from "@/lib/integrations/scopes";
import { cn } from "@/lib/utils";
import { ListLoading } from "./list-loading";
import { textRuleProblem } from "./request-problem";
import { useAccountProblem } from "./use-problem";

/**
 * The account page's API keys (surveyors and admins): each with its name, first characters, scopes,
 * when it was made and last used, and a Revoke behind a confirmation; a form to make one (a name and
 * its scopes), whose key is then shown once with a copy button. Loaded in the browser from
 * GET /api/me/api-keys; dates in the site's time zone, as the rest of the page.
 */
export function ApiKeysSection({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.apiKeys");
  const { locale, problem } = useAccountProblem();
  const [keys, setKeys] = useState<ApiKeyJson[] | null>(null);
  const [limit, setLimit] = useState(20);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);

  const load = useCallback(() => {
    let live = true;
    requestJson<{ apiKeys: ApiKeyJson[]; limit: number }>("/api/me/api-keys").then(
      (answer) => {
        if (!live) return;
        setKeys(answer.apiKeys);
        setLimit(answer.limit);
      },
      (e: unknown) => live && setLoadError(t("loadFailed", { problem: problem(e) })),
    );
    return () => {
      live = false;
    };
  }, [t, problem]);

  useEffect(() => load(), [load]);

  if (keys === null) {
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

  const now = new Date();
  return (
    <div className="space-y-4">
      {made && <NewKey name={made.name} apiKey={made.key} onDone={() => setMade(null)} />}
      {keys.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="api-keys-empty">
          {t("none")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="api-key-list">
          {keys.map((key) => (
            <ApiKeyItem
              key={key.id}
              apiKey={key}
              made={formatDateTime(new Date(key.createdAt), timeZone, locale)}
              lastUsed={key.lastUsedAt ? formatTimeAgo(new Date(key.lastUsedAt), now, timeZone, locale) : null}
              onRevoked={() => setKeys((list) => list && list.filter((k) => k.id !== key.id))}
            />
          ))}
        </ul>
      )}
      {keys.length >= limit ? (
        <p className="text-sm text-slate-600">{t("full", { limit })}</p>
      ) : (
        <NewKeyForm
          onMade={(key, listed) => {
            setMade({ name: listed.name, key });
            setKeys((list) => [listed, ...(list ?? [])]);
          }}
        />
      )}
    </div>
  );
}

/** The form of a new key: its name and scopes (none chosen at first: a key holds only what it needs). */
function NewKeyForm({ onMade }: { onMade: (key: string, listed: ApiKeyJson) => void }) {
  const t = useTranslations("account.apiKeys");
  const { locale, problem } = useAccountProblem();
  const nameRules = { required: t("nameRequired"), tooLong: t("nameTooLong", { max: API_KEY_NAME_MAX }), forbidden: t("nameForbidden") };
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [nameError, setNameError] = useState<string>();
  const [scopesError, setScopesError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = apiKeyNameSchema.safeParse(name);
    setNameError(parsed.success ? undefined : textRuleProblem(parsed.error.issues[0], locale, nameRules));
    setScopesError(scopes.length === 0 ? t("scopesRequired") : undefined);
    setFormError(undefined);
    if (!parsed.success || scopes.length === 0) return;
    setSaving(true);
    try {
      // In the table's order, whatever order they were ticked in.
      const chosen = API_SCOPES.filter((s) => scopes.includes(s));
      const { id, key } = await sendJson<{ id: string; key: string }>("/api/me/api-keys", { name: parsed.data, scopes: chosen });
      onMade(key, { id, name: parsed.data, prefix: key.slice(0, 12), scopes: chosen, createdAt: new Date().toISOString(), lastUsedAt: null });
      setName("");
      setScopes([]);
    } catch (e) {
      if (e instanceof RequestError) {
        const english = locale === DEFAULT_LOCALE;
        const onName = e.issues.find((i) => i.path === "name");
        const onScopes = e.issues.find((i) => i.path.startsWith("scopes"));
        if (onName) setNameError(english ? onName.message : nameRules.required);
        if (onScopes) setScopesError(english ? onScopes.message : t("scopesRequired"));
        if (!onName && !onScopes) setFormError(problem(e));
      } else setFormError(problem(e));
    } finally {
      setSaving(false);
    }
  };

  const toggle = (scope: ApiScope, on: boolean) => setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="api-key-new" className="space-y-4 rounded-lg border border-slate-200 p-4">
      <h3 id="api-key-new" className="font-semibold text-slate-900">
        {t("newHeading")}
      </h3>
      <div className="sm:max-w-sm">
        <Field id="api-key-name" label={t("nameLabel")} error={nameError} hint={t("nameHint")}>
          <input
            id="api-key-name"
            name="name"
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!nameError}
            aria-describedby={describedBy("api-key-name", { error: nameError, hint: true })}
            className={cn(inputClass, nameError && invalidClass)}
          />
        </Field>
      </div>
      <fieldset aria-describedby={scopesError ? "api-key-scopes-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t("scopesLegend")}</legend>
        <div className="mt-2 space-y-2">
          {API_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600"
              />
              <span className="min-w-0">
                <span className="font-mono text-xs text-slate-700">{scope}</span>
                <span className="block">{t(`scopes.${scope}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {scopesError && (
          <p id="api-key-scopes-error" role="alert" className="mt-2 text-sm text-red-700">
            {scopesError}
          </p>
        )}
      </fieldset>
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <Button type="submit" variant="outline" disabled={saving}>
        {saving ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <Plus aria-hidden="true" className="h-4 w-4" />}
        {t("make")}
      </Button>
    </form>
  );
}

/**
 * A key just made, shown this once: the key to copy and how to send it. The heading takes the focus,
 * so a screen reader hears what appeared.
 */
function NewKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const t = useTranslations("account.apiKeys");
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"), { description: t("copyFailedText") });
    }
  };

  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="api-key-new">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        {t("madeHeading", { name })}
      </h3>
      <p className="text-sm text-slate-800">
        {t.rich("madeText", {
          strong: (chunks) => <strong>{chunks}</strong>,
          code: (chunks) => <code className="break-all font-mono text-xs">{chunks}</code>,
        })}
      </p>
      <p className="break-all rounded-md bg-white p-3 font-mono text-sm text-slate-900" data-testid="api-key-value">
        {apiKey}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
          {copied ? t("copiedButton") : t("copyKey")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
    </div>
  );
}

function ApiKeyItem({ apiKey, made, lastUsed, onRevoked }: { apiKey: ApiKeyJson; made: string; lastUsed: string | null; onRevoked: () => void }) {
  const t = useTranslations("account.apiKeys");
  const { problem } = useAccountProblem();
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [revokeError, setRevokeError] = useState<string>();

  const revoke = async (event: React.FormEvent) => {
    event.preventDefault();
    setRevoking(true);
    setRevokeError(undefined);
    try {
      await requestJson(`/api/me/api-keys/${apiKey.id}`, { method: "DELETE" });
    } catch (e) {
      // Already revoked (from another browser, or by a password change): what the person wanted.
      if (!(e instanceof RequestError && e.status === 404)) {
        setRevokeError(problem(e));
        setRevoking(false);
        return;
      }
    }
    setConfirming(false);
    toast.success(t("revoked"), { description: t("revokedText", { name: apiKey.name }) });
    onRevoked();
  };

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start sm:justify-between" data-testid="api-key">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
        <div className="min-w-0 space-y-1">
          <p className="break-words font-medium text-slate-900" data-testid="api-key-name">
            {apiKey.name} <span className="font-mono text-xs font-normal text-slate-600">{apiKey.prefix}…</span>
          </p>
          <ul className="flex flex-wrap gap-1" aria-label={t("scopesLabel")}>
            {apiKey.scopes.map((scope) => (
              <li key={scope} className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
                {scope}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-600">
            {t.rich("madeOn", { date: made, time: (chunks) => <time dateTime={apiKey.createdAt}>{chunks}</time> })} ·{" "}
            {apiKey.lastUsedAt
              ? t.rich("lastUsed", { date: lastUsed ?? "", time: (chunks) => <time dateTime={apiKey.lastUsedAt ?? undefined}>{chunks}</time> })
              : t("notUsed")}
          </p>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (revoking) return;
          setConfirming(open);
          if (!open) setRevokeError(undefined);
        }}
        onSubmit={revoke}
        trigger={
          <Button variant="outline" size="sm" className="h-11 self-start sm:h-9" aria-label={t("revokeLabel", { name: apiKey.name })}>
            {t("revoke")}
          </Button>
        }
        title={t("revokeTitle")}
        description={t("revokeText", { name: apiKey.name })}
        cancelDisabled={revoking}
        action={
          <Button type="submit" variant="destructive" disabled={revoking}>
            {revoking && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
            {t("revokeAction")}
          </Button>
        }
      >
        {revokeError && (
          <p role="alert" className="text-sm text-red-700">
            {revokeError}
          </p>
        )}
      </ConfirmDialog>
    </li>
  );
}
