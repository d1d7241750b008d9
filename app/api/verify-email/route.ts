// POST /api/verify-email {token}: the address a mailed verification link was sent to is verified, if
// it is still the account's. Opening the link only shows the /verify-email page and its button: a GET
// (a mail scanner fetching every link) changes nothing. A used, expired or forged token is 400.
import { okMessageSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { verifyEmailWithToken, type LinkOutcome } from "@/lib/accounts/account-email";
import { verifyEmailSchema } from "@/lib/accounts/email-links-schema";

/** Why a link verified nothing, with the way forward (the page offers a new link beside it). */
const VERIFY_LINK_REFUSALS: Record<Exclude<LinkOutcome, "verified">, string> = {
  already: "This link was already used, and your email address is verified. You can vote on surveys and report them.",
  used: "This link was already used: each link works once. If your address is still not verified, ask for a new one.",
  expired: "This link has expired: verification links work for 24 hours. Ask for a new one.",
  invalid: "This link is not valid. Check that you opened the whole link from the email, or ask for a new one.",
};

export const POST = route({
  auth: "public",
  body: verifyEmailSchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Account",
    summary: "Verify my email address",
    description:
      "The `token` of a mailed verification link (the /verify-email page's button sends it: opening the link changes nothing). Verifies the address the link was sent to, if it is still the account's. A used, expired or forged token is 400 and changes nothing.",
    answers: [answer("Verified", okMessageSchema)],
  },
  handler: async ({ body }) => {
    const { outcome, email } = await verifyEmailWithToken(body.token);
    if (outcome !== "verified") {
      const message = VERIFY_LINK_REFUSALS[outcome];
      throw new ApiError("bad_request", message, [{ path: "token", message }]);
    }
    return { ok: true, message: `${email} is now verified. You can vote on surveys and report them.` };
  },
});
