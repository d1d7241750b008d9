"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { Role } from "@/models/enums";

export type Viewer = { id: string; name: string | null; email: string; image: string | null; role: Role };
type State = { status: "loading" } | { status: "ready"; user: Viewer | null };

const LOADING: State = { status: "loading" };
const TOKEN_KEY = "token";
// A token this close to its end is replaced rather than sent.
const TOKEN_RENEW_MS = 5 * 60 * 1000;
const listeners = new Set<() => void>();
let current: State = LOADING;
let started = false;
let renewal: ReturnType<typeof setTimeout> | undefined;

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json() as Promise<T>;
}

function claimsOf(token: string | null): { sub?: string; exp?: number } | null {
  try {
    return token ? JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))) : null;
  } catch {
    return null;
  }
}

/** Whether the stored API token belongs to this person and is not about to expire. */
function tokenIsCurrent(token: string | null, userId: string): boolean {
  const claims = claimsOf(token);
  return claims?.sub === userId && (claims.exp ?? 0) * 1000 - Date.now() > TOKEN_RENEW_MS;
}

/** A tab left open renews its token shortly before it expires, so API calls keep working. */
function scheduleRenewal(user: Viewer) {
  clearTimeout(renewal);
  const exp = claimsOf(localStorage.getItem(TOKEN_KEY))?.exp;
  if (!exp) return;
  renewal = setTimeout(() => void syncApiToken(user), Math.max(exp * 1000 - Date.now() - TOKEN_RENEW_MS + 1000, 60_000));
}

/**
 * The sign-in state machine, against our own API: is the account known (and its role), create
 * it with role user if not, then a short-lived API token kept in local storage under `token`.
 * Signed out, the token is removed. Failures are only logged.
 */
async function syncApiToken(user: Viewer | null) {
  try {
    if (!user) {
      clearTimeout(renewal);
      localStorage.removeItem(TOKEN_KEY);
      return;
    }
    if (tokenIsCurrent(localStorage.getItem(TOKEN_KEY), user.id)) return scheduleRenewal(user);
    // A token of someone else who used this browser must not be sent meanwhile.
    localStorage.removeItem(TOKEN_KEY);
    const exists = await post<{ userExist: boolean }>("/api/is_user_exist", { email: user.email });
    if (!exists.userExist) await post("/api/user", { email: user.email, role: "user" });
    const { token } = await post<{ token: string }>("/api/jwt", { email: user.email });
    localStorage.setItem(TOKEN_KEY, token);
    scheduleRenewal(user);
  } catch (error) {
    console.error("Error during authentication state change handling", error);
  }
}

async function load() {
  started = true;
  try {
    // Never the Bearer token here: this call asks who the session cookie belongs to.
    const response = await fetch("/api/me", { cache: "no-store", credentials: "same-origin" });
    const data = response.ok ? ((await response.json()) as { user: Viewer | null }) : { user: null };
    current = { status: "ready", user: data.user };
  } catch {
    current = { status: "ready", user: null };
  }
  listeners.forEach((l) => l());
  if (current.status === "ready") await syncApiToken(current.user);
}

/** Re-reads who is signed in (after sign-in, sign-out, or a role change). */
export function refreshCurrentUser() {
  return load();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Who is viewing, fetched by the browser once per page load, so public pages stay one cached page for everyone.
 */
export function useCurrentUser(): State {
  const state = useSyncExternalStore(subscribe, () => current, () => LOADING);
  useEffect(() => {
    if (!started) void load();
  }, []);
  return state;
}
