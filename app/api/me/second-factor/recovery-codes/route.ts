// POST /api/me/second-factor/recovery-codes { code? }: ten new recovery codes in place of the old ones
// (session cookie only)
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { regenerateRecoveryCodes } from "@/lib/accounts/second-factor";
import { recoveryCodesAnswerSchema, regenerateRecoveryCodesSchema } from "@/lib/accounts/second-factor-schema";

export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: regenerateRecoveryCodesSchema,
  doc: {
    tag: "Account",
    summary: "New recovery codes",
    description:
      "`code`: from the app, or a recovery code; left out, this session must have proved its second factor within the last 10 minutes (`POST /api/me/second-factor/verify`, as a passkey-only account does), else 403 `recent_second_factor_required`. The old codes stop working. 400 for a wrong code (10 wrong tries in 15 minutes answer 429); 409 without a second factor.",
    answers: [answer("The new codes, shown once", recoveryCodesAnswerSchema)],
    errors: [409, 429],
  },
  handler: ({ user, body }) => regenerateRecoveryCodes(user, body.code, { id: user.sessionId, secondFactorAt: user.secondFactorAt }),
});
