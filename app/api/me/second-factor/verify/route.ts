// POST /api/me/second-factor/verify { code } or { response }: proves a second factor in this browser
// (step-up before the gravest actions; session cookie only)
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { ASSERTION_MAX } from "@/lib/accounts/passkey-schema";
import { proveSecondFactor } from "@/lib/accounts/second-factor-proof";
import { secondFactorProvedSchema, verifySecondFactorSchema } from "@/lib/accounts/second-factor-schema";

export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: verifySecondFactorSchema,
  maxBodyBytes: 2 * ASSERTION_MAX,
  doc: {
    tag: "Account",
    summary: "Prove a second factor",
    description:
      "`code`: 6 digits from the app, or a recovery code (used up); or `response`: the passkey assertion `navigator.credentials.get()` made from `POST /api/me/second-factor/passkey-options` (AuthenticationResponseJSON, or its JSON text). Marks this session as having proved its second factor now: the gravest actions ask for one within the last 10 minutes. 400 when wrong; 10 wrong tries in 15 minutes answer 429; 409 without a second factor.",
    answers: [answer("Proved", secondFactorProvedSchema)],
    errors: [409, 429],
  },
  handler: async ({ user, body }) => ({ secondFactorAt: (await proveSecondFactor(user, body)).toISOString() }),
});
