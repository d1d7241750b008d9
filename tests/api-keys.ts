// API keys for /api/v1 tests: a real key made by the service, and a call with it as its Bearer.
import { createApiKey } from "@/lib/integrations/api-keys";
import { API_SCOPES, type ApiScope } from "@/lib/integrations/scopes";
import { call } from "@/tests/http";

/** A key of `user`'s (every scope unless told), as a client holds it. */
export async function keyOf(user: { id: string }, scopes: readonly ApiScope[] = API_SCOPES, name = "Test key"): Promise<string> {
  return (await createApiKey(user.id, { name, scopes: [...scopes] })).key;
}

/** Every scope but `scope`. */
export const allBut = (scope: ApiScope) => API_SCOPES.filter((s) => s !== scope);

type Handler = Parameters<typeof call>[0];

/** A request to an /api/v1 route with `key` (`Authorization: Bearer opx_…`). */
export const withKey = (handler: Handler, key: string, options: Omit<NonNullable<Parameters<typeof call>[1]>, "token" | "as"> = {}) =>
  call(handler, { ...options, token: key });
