// GET /api/altcha/challenge: a signed proof-of-work challenge for the ALTCHA widget of the registration,
// contact and forgot-password forms (lib/altcha.ts). Never cached: each one is accepted once.
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { issueAltchaChallenge } from "@/lib/altcha";
import { clientAddress } from "@/lib/auth/client-address";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "none",
  handler: async ({ request }) =>
    NextResponse.json(await issueAltchaChallenge(clientAddress(request.headers)), { headers: { "Cache-Control": "no-store" } }),
});
