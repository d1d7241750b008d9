// POST /api/confirm-email {token}: the new address a mailed confirmation link was sent to becomes the
// account's, verified. Opening the link only shows the /confirm-email page and its button: a GET (a
// mail scanner fetching every link) changes nothing. A used, expired or forged token is 400; an
// address another account took meanwhile is 409.
import { okMessageSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { confirmEmailChange, type LinkOutcome } from "@/lib/accounts/account-email";
import { confirmEmailSchema } from "@/lib/accounts/email-links-schema";

/** Why a link changed nothing, with the way forward (the page links to the account page beside it). */
const CONFIRM_LINK_REFUSALS: Record<Exclude<LinkOutcome, "verified">, string> = {
  already: "This link was already used, and your account already uses this address. Use it to sign in.",
  used: "This link was already used: each link works once. Ask for the change again from your account page if you need to.",
  expired: "This link has expired: confirmation links work for 24 hours. Ask for the change again from your account page.",
  invalid: "This link is not valid. Check that you opened the whole link from the email, or ask for the change again from your account page.",
};
const TAKEN = "This address is taken: another account uses it now, so yours was not changed.";

export const POST = route({
  auth: "public",
  body: confirmEmailSchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Account",
    summary: "Confirm my new email address",
    description:
      "The `token` of the link mailed to a new address (the /confirm-email page's button sends it: opening the link changes nothing). The account's address becomes it, verified. A used, expired or forged token is 400; an address another account took meanwhile is 409; neither changes anything.",
    answers: [answer("Changed", okMessageSchema)],
    errors: [409],
  },
  handler: async ({ body }) => {
    const { outcome, email } = await confirmEmailChange(body.token);
    if (outcome === "taken") throw new ApiError("conflict", TAKEN, [{ path: "token", message: TAKEN }]);
    if (outcome !== "verified") {
      const message = CONFIRM_LINK_REFUSALS[outcome];
      throw new ApiError("bad_request", message, [{ path: "token", message }]);
    }
    // confirmEmailChange ended every session and API token of the account: say so.
    return { ok: true, message: `Your account's address is now ${email}. Every browser and app was signed out: sign in again with it.` };
  },
});
