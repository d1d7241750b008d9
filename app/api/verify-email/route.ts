// POST /api/verify-email {token} | {code}: the address a mailed verification link (or the six-digit code
// in the same mail) was sent to is verified, if it is still the account's. Opening the link only shows
// the /verify-email page and its button: a GET (a mail scanner fetching every link) changes nothing. A
// used, expired or forged token is 400; a code works only for the signed-in person it was mailed to,
// and five wrong tries end it.
import { verifiedSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { codeRefusalMessage, verifyEmailWithCode, verifyEmailWithToken, type LinkOutcome } from "@/lib/accounts/account-email";
import { verifyEmailSchema } from "@/lib/accounts/email-links-schema";

/** Why a link verified nothing, with the way forward (the page offers a new link beside it). */
const VERIFY_LINK_REFUSALS: Record<Exclude<LinkOutcome, "verified">, string> = {
  already: "This link was already used, and your email address is verified. You can vote on surveys and report them.",
  used: "This link was already used: each link works once. If your address is still not verified, ask for a new one.",
  expired: "This link has expired: verification links work for 24 hours. Ask for a new one.",
  invalid: "This link is not valid. Check that you opened the whole link from the email, or ask for a new one.",
};

const verifiedMessage = (email: string) => `${email} is now verified. You can vote on surveys and report them.`;

export const POST = route({
  auth: "public",
  body: verifyEmailSchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Account",
    summary: "Verify my email address",
    description:
      "Either the `token` of a mailed verification link (the /verify-email page's button sends it: opening the link changes nothing), or the six-digit `code` printed in the same mail, typed by the signed-in person it was sent to (401 signed out; 409 when the address is already verified). Verifies the address the mail was sent to, if it is still the account's, and answers where the person was going when it was sent (`continueTo`). A used, expired or forged token is 400; a wrong code is 400 with the tries left, and after five wrong tries the mail's code no longer works (a new mail brings a new one). Nothing changes on a refusal but the count of wrong tries.",
    answers: [answer("Verified", verifiedSchema)],
    errors: [401, 409],
  },
  handler: async ({ body, user }) => {
    if (body.code !== undefined) {
      if (!user) throw new ApiError("unauthorized", "Login first: the code works only for the account it was sent to.");
      const result = await verifyEmailWithCode(user.id, body.code);
      if (!result.ok) {
        const message = codeRefusalMessage(result);
        throw new ApiError(result.reason === "already" ? "conflict" : "bad_request", message, [{ path: "code", message }]);
      }
      return { ok: true, message: verifiedMessage(result.email), continueTo: result.continueTo };
    }
    const { outcome, email, continueTo } = await verifyEmailWithToken(body.token!);
    if (outcome !== "verified") {
      const message = VERIFY_LINK_REFUSALS[outcome];
      throw new ApiError("bad_request", message, [{ path: "token", message }]);
    }
    return { ok: true, message: verifiedMessage(email!), continueTo: continueTo ?? null };
  },
});
