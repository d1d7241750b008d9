// POST /api/me/second-factor/totp/confirm { code }: the app's first code turns it on; answers the
// recovery codes, once (session cookie only)
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { confirmTotp, markSecondFactorProved } from "@/lib/accounts/second-factor";
import { confirmTotpSchema, recoveryCodesAnswerSchema } from "@/lib/accounts/second-factor-schema";

export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: confirmTotpSchema,
  doc: {
    tag: "Account",
    summary: "Turn on the authenticator app",
    description:
      "A 6-digit code from the app set up by `POST /api/me/second-factor/totp` (one step of clock drift either side is accepted). From then the app is the account's second factor, and this session has proved it. Answers 10 recovery codes, shown this once. 400 for a wrong code (10 wrong tries in 15 minutes answer 429); 409 when nothing is pending or an app is already on.",
    answers: [answer("On, with the recovery codes", recoveryCodesAnswerSchema)],
    errors: [409, 429],
  },
  handler: async ({ user, body }) => {
    const answer = await confirmTotp(user, body.code);
    // The code just typed is a second factor proved in this browser.
    await markSecondFactorProved(user.sessionId);
    return answer;
  },
});
