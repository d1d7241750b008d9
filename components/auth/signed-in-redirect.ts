import "server-only";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/guards";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { withChoice } from "@/lib/votes/choice";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The login and register pages are for signed-out visitors: someone already signed in goes on to
 * where they were going (`callbackUrl`, same site only, with a survey's chosen `vote`) or to the home page.
 */
export async function redirectIfSignedIn(searchParams: SearchParams) {
  if (!(await getCurrentUser())) return;
  const { callbackUrl, vote } = await searchParams;
  redirect(withChoice(safeCallbackPath(typeof callbackUrl === "string" ? callbackUrl : null), typeof vote === "string" ? vote : null));
}
