import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { callbackPath } from "@/components/auth/callback-path";
import { CheckInbox } from "@/components/auth/check-inbox";
import { needsVerification } from "@/lib/accounts/account-email";
import { getCurrentUser } from "@/lib/auth/guards";
import { localePath } from "@/lib/i18n/locales.mjs";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "auth.titles" });
  return { title: t("checkInbox"), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : null);

// For a signed-in person (the proxy sends anyone else to /login and back here) whose address waits for
// its verification mail; anyone with nothing to verify goes straight on to where they were going.
async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const continueTo = callbackPath(one(params.callbackUrl), one(params.vote));
  const [user, locale] = await Promise.all([getCurrentUser(), getLocale()]);
  if (!user) redirect(localePath(locale, `/login?callbackUrl=${encodeURIComponent(`/check-inbox?callbackUrl=${encodeURIComponent(continueTo)}`)}`));
  if (!needsVerification(user)) redirect(localePath(locale, continueTo));
  const t = await getTranslations("auth.titles");
  return (
    <AuthCard title={t("checkInbox")}>
      <CheckInbox email={user.email} continueTo={continueTo} />
    </AuthCard>
  );
}

export default localised(Page);
