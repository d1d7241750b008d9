import "server-only";
import { getLocale } from "next-intl/server";
import { redirect } from "next/navigation";
import { callbackPath } from "@/components/auth/callback-path";
import { getCurrentUser } from "@/lib/auth/guards";
import { localePath } from "@/lib/i18n/locales.mjs";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The login and register pages are for signed-out visitors: someone already signed in goes on to
 * where they were going (`callbackUrl`, same site only, with a survey's chosen `vote`) or to the home
 * page, in the page's language.
 */
export async function redirectIfSignedIn(searchParams: SearchParams) {
  if (!(await getCurrentUser())) return;
  const { callbackUrl, vote } = await searchParams;
  const path = callbackPath(typeof callbackUrl === "string" ? callbackUrl : null, typeof vote === "string" ? vote : null);
  redirect(localePath(await getLocale(), path));
}
