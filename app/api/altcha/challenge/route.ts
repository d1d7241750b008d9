// GET /api/altcha/challenge: a signed proof-of-work challenge for the ALTCHA widget of the registration,
// contact and forgot-password forms (lib/altcha.ts). Never cached: each one is accepted once.
import { NextResponse } from "next/server";
import { altchaChallengeSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { issueAltchaChallenge } from "@/lib/altcha";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "none",
  doc: {
    tag: "Account",
    summary: "A proof-of-work challenge",
    description:
      "A signed ALTCHA challenge (PBKDF2/SHA-256) for the `altcha` field of POST /api/register, /api/contact and /api/password/forgot: solve it (the ALTCHA widget, or altcha-lib's `solveChallenge`) and send base64 of `{ challenge, solution }`. It expires after 10 minutes and each solution is accepted once. `Cache-Control: no-store`; at most 60 a minute per network address (429).",
    answers: [answer("A new challenge", altchaChallengeSchema)],
    errors: [429],
  },
  handler: async ({ request }) =>
    NextResponse.json(await issueAltchaChallenge(clientAddress(request.headers)), { headers: { "Cache-Control": "no-store" } }),
});
