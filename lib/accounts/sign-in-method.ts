// How a session signed in, in words, from the method the server keeps for it ("password+totp"...): the
// account page's sessions list and the mailed notice of a new sign-in. Pure: loads in the browser too.

const FIRST: Record<string, string> = { password: "Password", passkey: "Passkey", google: "Google" };
const SECOND: Record<string, string> = { totp: "authenticator app", recovery_code: "recovery code", passkey: "passkey" };

/**
 * "Password and authenticator app", "Passkey", "Google"...; null for a session from before the method
 * was kept, or a method this page does not know yet (saying nothing beats saying something wrong).
 */
export function signInMethodWords(method: string | null | undefined): string | null {
  if (!method) return null;
  const [first, second, ...rest] = method.split("+");
  const firstWords = FIRST[first];
  if (!firstWords || rest.length > 0) return null;
  if (second === undefined) return firstWords;
  const secondWords = SECOND[second];
  return secondWords ? `${firstWords} and ${secondWords}` : null;
}
