// POST /api/passkeys/sign-in-options: the options of a sign-in with a passkey (a fresh single-use
// challenge, no credentials listed), for the login page's button and the browser's autofill
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { signInOptions } from "@/lib/accounts/passkeys";
import { noOptionsSchema, requestOptionsSchema } from "@/lib/accounts/passkey-schema";

export const POST = route({
  auth: "public",
  body: noOptionsSchema,
  doc: {
    tag: "Auth.js",
    summary: "Options of a sign-in with a passkey",
    description:
      "WebAuthn request options for `navigator.credentials.get()` (discoverable credentials: none listed). Send the assertion's JSON as `response` to `POST /api/auth/callback/passkey`. The challenge is accepted once, within 5 minutes. At most 60 a minute per network address (429). `Cache-Control: no-store`.",
    answers: [answer("The options", requestOptionsSchema)],
    errors: [429],
  },
  handler: async ({ request }) => NextResponse.json(await signInOptions(clientAddress(request.headers)), { headers: { "Cache-Control": "no-store" } }),
});
