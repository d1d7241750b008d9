// The texts of each language, one file per area and language under messages/ (messages/README.md).
// Only the asked-for language is loaded.
import type en from "@/messages/en";
import type { Locale } from "./types";

export type Messages = typeof en;
export type Namespace = keyof Messages;

// Spanish and German are typed as English: lib/i18n/messages.test.ts holds them to the same keys.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("@/messages/en"),
  es: () => import("@/messages/es") as Promise<{ default: Messages }>,
  de: () => import("@/messages/de") as Promise<{ default: Messages }>,
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).default;
}

/** An area of messages/ (`survey`), or a part of one (`auth.resend`). */
export type MessagesPart = Namespace | `${Namespace}.${string}`;

type Tree = { [key: string]: string | Tree };

/**
 * Some areas, or parts of areas, of a language's texts: what a client component is handed
 * (components/i18n/intl-island.tsx). `auth.resend` hands `{ auth: { resend: … } }` and nothing else of `auth`.
 */
export function pickMessages(messages: Messages, parts: readonly MessagesPart[]): Partial<Messages> {
  const picked: Tree = {};
  for (const part of parts) {
    const keys = part.split(".");
    let from: string | Tree | undefined = messages as unknown as Tree;
    for (const key of keys) from = typeof from === "object" ? from[key] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const key of keys.slice(0, -1)) {
      const next = into[key];
      into = into[key] = typeof next === "object" ? next : {};
    }
    into[keys.at(-1)!] = from;
  }
  return picked as Partial<Messages>;
}
