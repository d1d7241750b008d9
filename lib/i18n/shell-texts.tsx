"use client";

// The page's language and the shell's few texts (messages/client), for the client components every
// page carries: the navigation, the language switcher, toasts, error boundaries, links and spinners.
// A plain context rather than next-intl's provider: its client runtime (about 3.7 kB gzip) then reaches
// only the pages whose own client components format messages (an `IntlIsland`), not every page.
// The shell's texts are plain sentences, with nothing to format; a page's islands carry the rest.
import { createContext, useContext } from "react";
import { localePath } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";
import type client from "@/messages/client/en.json";

export type ShellTexts = typeof client;
type Shell = { locale: Locale; texts: ShellTexts };

const ShellContext = createContext<Shell | null>(null);

/** Given once, by the root layout, with the page's language and its `client` texts. */
export function ShellTextsProvider({ locale, texts, children }: Shell & { children: React.ReactNode }) {
  return <ShellContext value={{ locale, texts }}>{children}</ShellContext>;
}

function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("ShellTextsProvider is missing above this component (app/[locale]/layout.tsx gives it).");
  return shell;
}

/** The page's language (its address's segment). */
export function usePageLocale(): Locale {
  return useShell().locale;
}

/** `href(path)`: a page's address in the page's language (`/surveys` is `/es/surveys` on a Spanish page). */
export function usePageHref(): (path: string) => string {
  const { locale } = useShell();
  return (path) => localePath(locale, path);
}

/** `t(key)`: a text of one part of `client` (`useShellTexts("nav")("home")` is "Home" on an English page). */
export function useShellTexts<Part extends keyof ShellTexts>(part: Part): (key: keyof ShellTexts[Part]) => string {
  const texts = useShell().texts[part] as Record<keyof ShellTexts[Part], string>;
  return (key) => texts[key];
}
