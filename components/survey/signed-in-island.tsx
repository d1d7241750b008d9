"use client";

import { NextIntlClientProvider } from "next-intl";
import { use } from "react";
import type { Locale } from "@/lib/i18n/types";
import SignedInVoting from "./signed-in-voting";
import { votingMessages } from "./voting-messages";

type Props = React.ComponentProps<typeof SignedInVoting> & { locale: Locale; timeZone: string };

/**
 * The signed-in part of a survey page with its texts: loaded only for people signed in, with
 * next-intl's client (which formats the results in words) and the texts it reads (./voting-messages.ts).
 */
export default function SignedInIsland({ locale, timeZone, ...props }: Props) {
  const messages = use(votingMessages(locale));
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      <SignedInVoting {...props} />
    </NextIntlClientProvider>
  );
}
