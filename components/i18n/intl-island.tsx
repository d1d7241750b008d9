// The texts a client component needs, and only those: a page's messages never reach the browser
// whole. Wrap a client component (or a group of them) in an island naming the areas of messages/
// they read, or only the parts of them they read (`auth.resend`). The shell's texts (`client`) are not
// among them: every page has those from the root layout (lib/i18n/shell-texts.tsx). An island
// inside another replaces it, so an outer island names the areas of every client component inside it.
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { pickMessages, type Messages, type MessagesPart } from "@/lib/i18n/messages";

export async function IntlIsland({ namespaces, children }: { namespaces: readonly MessagesPart[]; children: React.ReactNode }) {
  const [locale, messages, timeZone] = await Promise.all([getLocale(), getMessages(), getTimeZone()]);
  const areas = [...new Set<MessagesPart>(namespaces)];
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={pickMessages(messages as Messages, areas)}>
      {children}
    </NextIntlClientProvider>
  );
}
