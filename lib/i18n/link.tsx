"use client";

// A link to one of the site's pages in the page's own language: next/link with the address prefixed
// (`/pricing` is `/es/pricing` on a Spanish page; lib/i18n/locales.mjs). For server and client
// components alike: a client component (as next/link is), reading the language from the shell
// (lib/i18n/shell-texts.tsx), so links carry no next-intl code to the browser. next-intl's own Link also switches languages and sets its cookie, which this site
// does elsewhere (the footer's switcher), and every one of its links carried those props into the
// page's payload: about 90 bytes each, 15 on the home page.
import NextLink from "next/link";
import { usePageHref } from "@/lib/i18n/shell-texts";
import type { ComponentProps } from "react";

type Props = Omit<ComponentProps<typeof NextLink>, "href"> & { href: string };

export function Link({ href, ...props }: Props) {
  const pageHref = usePageHref();
  return <NextLink href={pageHref(href)} {...props} />;
}
