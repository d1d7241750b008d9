// GET /api/me/passkeys: the caller's passkeys (oldest first)
// POST /api/me/passkeys { response, name? }: adds the passkey the browser just made (session cookie only)
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { addPasskey, listPasskeys, toPasskeyJson } from "@/lib/accounts/passkeys";
import { addPasskeySchema, PASSKEYS_MAX, passkeyAnswerSchema, passkeysAnswerSchema, REGISTRATION_BODY_MAX } from "@/lib/accounts/passkey-schema";

export const GET = route({
  auth: "signed-in",
  doc: {
    tag: "Account",
    summary: "My passkeys",
    answers: [answer("The passkeys", passkeysAnswerSchema)],
  },
  handler: async ({ user }) => ({ passkeys: (await listPasskeys(user.id)).map(toPasskeyJson), limit: PASSKEYS_MAX }),
});

export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: addPasskeySchema,
  maxBodyBytes: REGISTRATION_BODY_MAX,
  doc: {
    tag: "Account",
    summary: "Add a passkey",
    description:
      "`response` is the JSON of what `navigator.credentials.create()` made from `POST /api/me/passkeys/options` (RegistrationResponseJSON); `name` at most 60 characters (one is given when left out). 400 when it does not verify, or its challenge is not the caller's latest, expired or used; 409 for a passkey already registered or past 10 passkeys.",
    answers: [answer("Added", passkeyAnswerSchema, 201)],
    errors: [409],
  },
  handler: async ({ request, user, body }) => {
    const passkey = await addPasskey(user.id, body, request.headers.get("user-agent"));
    return NextResponse.json({ passkey: toPasskeyJson(passkey) }, { status: 201 });
  },
});
