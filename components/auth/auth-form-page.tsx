import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import type { ComponentType } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { redirectIfSignedIn } from "@/components/auth/signed-in-redirect";
import { localeFromParams } from "@/lib/i18n/server";
import type { Locale } from "@/lib/i18n/types";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
/** The pages of the sign-in forms, by their title's key in `auth.titles`. */
export type AuthFormTitle = "login" | "register" | "forgotPassword" | "resetPassword" | "linkDidNotWork";

/** A sign-in form's page is never indexed; its heading is its title. */
export async function authFormTitleMetadata(locale: Locale, title: AuthFormTitle): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "auth.titles" });
  return { title: t(title), robots: { index: false } };
}

/** `generateMetadata` of a sign-in form's page. */
export const authFormMetadata =
  (title: AuthFormTitle) =>
  async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> =>
    authFormTitleMetadata(await localeFromParams(params), title);

/**
 * The page of one sign-in form in its card, rendered per request so that its scripts carry this
 * answer's nonce. `forSignedOut` (login, register): someone already signed in is sent on instead.
 */
export function authFormPage(title: AuthFormTitle, Form: ComponentType, { forSignedOut = false } = {}) {
  return async function Page({ searchParams }: { searchParams: SearchParams }) {
    if (forSignedOut) await redirectIfSignedIn(searchParams);
    else await connection();
    const t = await getTranslations("auth.titles");
    return (
      <AuthCard title={t(title)}>
        <Form />
      </AuthCard>
    );
  };
}
