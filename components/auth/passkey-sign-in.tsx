"use client";

import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { KeyRound, Loader2 } from "lucide-react";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useApiSentence } from "@/components/auth/api-sentences";
import { Button } from "@/components/ui/button";
import { RequestError, sendJson } from "@/lib/api/client";
import { SUSPENDED_CODE } from "@/lib/auth/suspended";

/** Why a sign-in the server refused, as the login form words it (the same alerts as for a password). */
export type PasskeyRefusal = "suspended" | "too-many-attempts" | "busy";

type Props = {
  /**
   * Ask for the passkey at once, with the browser's own dialog, where this browser is known to have used
   * one: the person came from a survey with an answer chosen, so the vote is then one press away. A
   * cancelled dialog leaves the page as it is otherwise (the button, the autofill, the password).
   */
  promptAtOnce?: boolean;
  /** The session cookie is set: go on as after a password sign-in. */
  onSignedIn: () => Promise<void>;
  /** The server refused for a reason the login form already explains. */
  onRefused: (refusal: PasskeyRefusal) => void;
  /** A sign-in with a passkey starts (the form clears what it said before). */
  onStart?: () => void;
};

/** The person closed the browser's prompt, or another ceremony took its place: nothing to say. */
const isCancelled = (error: unknown) => error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

const fetchOptions = () => sendJson<PublicKeyCredentialRequestOptionsJSON>("/api/passkeys/sign-in-options", {});

/**
 * This browser signed in with a passkey, or added one, before: a note in its own storage (no account or
 * credential in it), kept after signing out. A passkey that is no longer recognised takes it away.
 */
const REMEMBERED_KEY = "opinex:passkey";
export function rememberPasskey(remembered = true) {
  try {
    if (remembered) localStorage.setItem(REMEMBERED_KEY, "1");
    else localStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // Storage refused (a private window's quota): the page only asks less readily.
  }
}
const passkeyRemembered = () => {
  try {
    return localStorage.getItem(REMEMBERED_KEY) === "1";
  } catch {
    return false;
  }
};

/**
 * One mount's waiting request: whether the page is still open, whether the button's own request has
 * the browser for now (the waiting one must not take its place), and the timer that renews it.
 */
type AutofillState = { live: boolean; paused: boolean; renewal?: ReturnType<typeof setTimeout> };
type Autofill = {
  state: AutofillState;
  /** Hands an assertion to the server; answers whether it signed in. */
  finish: (response: AuthenticationResponseJSON) => Promise<boolean>;
};

/**
 * The request waiting in the browser's autofill (conditional mediation), where the browser has one:
 * renewed before its challenge expires.
 */
async function waitInAutofill(ctx: Autofill): Promise<void> {
  clearTimeout(ctx.state.renewal);
  if (!ctx.state.live || !(await browserSupportsWebAuthnAutofill().catch(() => false))) return;
  let optionsJSON: PublicKeyCredentialRequestOptionsJSON;
  try {
    optionsJSON = await fetchOptions();
  } catch {
    return; // Throttled or offline: the button still works, and says why.
  }
  if (!ctx.state.live || ctx.state.paused) return;
  const lifetime = optionsJSON.timeout ?? 5 * 60 * 1000;
  ctx.state.renewal = setTimeout(() => void waitInAutofill(ctx), Math.max(lifetime - 30_000, 30_000));
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
  } catch {
    return; // Replaced by the button or a renewal, or the page is closing: nothing to say.
  }
  clearTimeout(ctx.state.renewal);
  // A passkey that did not sign in is not offered again by itself: the page says why, and the button
  // (or a reload) tries again. Some browsers answer a waiting request at once, which would loop.
  if (ctx.state.live) await ctx.finish(response);
}

/**
 * Signs in with a passkey: the "Sign in with a passkey" button (the browser's own dialog), and, where the
 * browser offers passkeys in its autofill (conditional mediation), a request started as the page opens
 * that waits for the person to pick one from the email field's suggestions. The page needs an input
 * whose `autocomplete` ends in `webauthn`. Each request's challenge lives a few minutes: the waiting one
 * is renewed before it expires. Either way the assertion goes to Auth.js (`signIn("passkey")`).
 */
export function PasskeySignIn({ promptAtOnce = false, onSignedIn, onRefused, onStart }: Props) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const autofillState = useRef<AutofillState>({ live: false, paused: false });
  // Kept in refs so the request waiting in the autofill uses the page's current callbacks.
  const callbacks = useRef({ onSignedIn, onRefused, onStart });
  useEffect(() => {
    callbacks.current = { onSignedIn, onRefused, onStart };
  });

  /** Hands the browser's assertion to Auth.js; answers whether it signed in. */
  const finish = useCallback(async (response: AuthenticationResponseJSON): Promise<boolean> => {
    setBusy(true);
    setError(null);
    callbacks.current.onStart?.();
    let result: Awaited<ReturnType<typeof signIn>>;
    try {
      result = await signIn("passkey", { response: JSON.stringify(response), redirect: false });
    } catch {
      // Auth.js's client cannot read a refusal without a redirect (the whole site busy: 503).
      setBusy(false);
      callbacks.current.onRefused("busy");
      return false;
    }
    if (result?.ok && !result.error) {
      rememberPasskey();
      await callbacks.current.onSignedIn();
      return true;
    }
    setBusy(false);
    if (result?.code === SUSPENDED_CODE) callbacks.current.onRefused("suspended");
    else if (result?.code === "too_many_attempts") callbacks.current.onRefused("too-many-attempts");
    else if (result?.code === "busy") callbacks.current.onRefused("busy");
    else {
      rememberPasskey(false);
      setError(t("passkey.notRecognised"));
    }
    return false;
  }, [t]);

  const withButton = useCallback(async () => {
    setError(null);
    if (!browserSupportsWebAuthn()) return setError(t("passkey.unavailable"));
    const state = autofillState.current;
    state.paused = true;
    clearTimeout(state.renewal);
    setBusy(true);
    let response: AuthenticationResponseJSON | null = null;
    try {
      const optionsJSON = await fetchOptions();
      // Takes the place of the request waiting in the autofill.
      response = await startAuthentication({ optionsJSON });
    } catch (e) {
      setBusy(false);
      if (e instanceof RequestError) setError(say(e.message));
      else if (!isCancelled(e)) setError(e instanceof Error && e.name === "SecurityError" ? t("passkey.unavailable") : t("somethingWrongRetry"));
    }
    if (response) {
      await finish(response);
      return;
    }
    // Closed or refused before any passkey was chosen: the autofill offers them again.
    state.paused = false;
    if (state.live) void waitInAutofill({ state, finish });
  }, [finish, say, t]);

  // Read once, as the page opens.
  const [atOnce] = useState(() => promptAtOnce && typeof window !== "undefined" && passkeyRemembered() && browserSupportsWebAuthn());

  useEffect(() => {
    // A state of its own per mount: a request left from an earlier mount stops at its next step.
    const state: AutofillState = { live: true, paused: false };
    autofillState.current = state;
    // At once (as soon as the page is up): the dialog's request, which starts the autofill's once it is
    // closed (withButton).
    const dialog = atOnce ? setTimeout(() => void withButton(), 0) : undefined;
    if (!atOnce) void waitInAutofill({ state, finish });
    return () => {
      clearTimeout(dialog);
      state.live = false;
      clearTimeout(state.renewal);
      WebAuthnAbortService.cancelCeremony();
    };
  }, [finish, atOnce, withButton]);

  return (
    <div className="space-y-2">
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={withButton} aria-describedby={error ? "passkey-error" : undefined}>
        {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <KeyRound aria-hidden="true" className="h-4 w-4" />}
        {t("passkey.signIn")}
      </Button>
      {error && (
        <p id="passkey-error" role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="passkey-error">
          {error}
        </p>
      )}
    </div>
  );
}
