import "server-only";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/guards";
import { safeCallbackPath } from "@/lib/auth/callback-url";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The login and register pages are for signed-out visitors: someone already signed in goes on to
 * where they were going (`callbackUrl`, same site only) or to the home page.
 */
export async function redirectIfSignedIn(searchParams: SearchParams) {
  if (!(await getCurrentUser())) return;
  const callbackUrl = (await searchParams).callbackUrl;
  redirect(safeCallbackPath(typeof callbackUrl === "string" ? callbackUrl : null));
}
