// Proving a second factor again in a signed-in browser (step-up): a code of the app, a recovery code or
// a passkey, counted under `secondFactor.account`, and the session marked with when. Apart from
// second-factor.ts because it asks passkeys.ts, which itself asks second-factor.ts what is left when a
// passkey goes (an import cycle otherwise).
import "server-only";
import { ApiError } from "@/lib/api/errors";
import { verifyPasskeyFor } from "./passkeys";
import { checkSecondFactorCode, hasSecondFactor, markSecondFactorProved, throttledCheck } from "./second-factor";
import { WRONG_CODE, type VerifySecondFactorInput } from "./second-factor-schema";

const PASSKEY_REFUSED = "This passkey could not be verified, or its request expired. Please try again.";
const NO_SESSION = "This browser signed in before second factors were kept per session. Sign out and sign in again.";

/**
 * Proves a second factor for this browser's session: answers when it was proved. 409 without a second
 * factor or a session row; 400 for a wrong code or a passkey that does not verify; 429 past the limit.
 */
export async function proveSecondFactor(user: { id: string; sessionId: string | null }, input: VerifySecondFactorInput): Promise<Date> {
  if (!user.sessionId) throw new ApiError("conflict", NO_SESSION);
  if (!(await hasSecondFactor(user.id))) throw new ApiError("conflict", "Set up an authenticator app or a passkey first.");
  const { code, response } = input;
  if (code !== undefined) {
    await throttledCheck(user.id, () => checkSecondFactorCode(user.id, code), () => new ApiError("bad_request", WRONG_CODE, [{ path: "code", message: WRONG_CODE }]));
  } else {
    await throttledCheck(user.id, () => verifyPasskeyFor(user.id, response), () => new ApiError("bad_request", PASSKEY_REFUSED, [{ path: "response", message: PASSKEY_REFUSED }]));
  }
  const at = await markSecondFactorProved(user.sessionId);
  // The session ended meanwhile (signed out elsewhere).
  if (!at) throw new ApiError("unauthorized", "Please sign in first");
  return at;
}
