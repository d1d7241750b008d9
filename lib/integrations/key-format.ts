// What an API key looks like (lib/integrations/api-keys.ts makes them): `opx_` and 32 random bytes in
// base64url. The session guards read the prefix to refuse a key anywhere outside /api/v1.
export const API_KEY_PREFIX = "opx_";
export const API_KEY_FORMAT = /^opx_[A-Za-z0-9_-]{43}$/;

/** Whether an `Authorization` header presents an API key, well formed or not. */
export function presentsApiKey(authorization: string | null): boolean {
  return authorization !== null && /^bearer\s+opx_/i.test(authorization.trim());
}
