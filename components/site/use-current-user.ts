"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { Role } from "@/models/enums";

export type Viewer = { id: string; name: string | null; email: string; image: string | null; role: Role };
type State = { status: "loading" } | { status: "ready"; user: Viewer | null };

const LOADING: State = { status: "loading" };
const listeners = new Set<() => void>();
let current: State = LOADING;
let started = false;

async function load() {
  started = true;
  try {
    const response = await fetch("/api/me", { cache: "no-store", credentials: "same-origin" });
    const data = response.ok ? ((await response.json()) as { user: Viewer | null }) : { user: null };
    current = { status: "ready", user: data.user };
  } catch {
    current = { status: "ready", user: null };
  }
  listeners.forEach((l) => l());
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
