// POST /api/unsubscribe?token=…: one kind of mail off for the person the signed link names, without
// signing in. Mail programs call it in one click (RFC 8058: List-Unsubscribe-Post), and so does the
// /unsubscribe page's button. A forged or altered token is 400 and changes nothing.
import { okMessageSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { PREFERENCE_FIELDS, PREFERENCE_LABELS, readUnsubscribeToken } from "@/lib/mail/unsubscribe";
import { setMailPreferences } from "@/lib/surveys/notifications";
import { unsubscribeQuerySchema } from "@/lib/sharing/schema";

export const POST = route({
  auth: "none",
  query: unsubscribeQuerySchema,
  // The one-click body is `List-Unsubscribe=One-Click` (form-encoded); nothing in it is read.
  rawBody: { maxBytes: 1024 },
  doc: {
    tag: "Account",
    summary: "Unsubscribe (one click)",
    description:
      "Turns one kind of mail off for the person the signed `token` of a mail's link names, without signing in (RFC 8058 one-click: the body `List-Unsubscribe=One-Click` is not read). A forged or altered token is 400.",
    raw: { type: "application/x-www-form-urlencoded", schema: { type: "string", description: "`List-Unsubscribe=One-Click`" }, optional: true },
    answers: [answer("Done", okMessageSchema)],
    errors: [400],
  },
  handler: async ({ query }) => {
    const target = readUnsubscribeToken(query.token);
    if (!target) throw new ApiError("bad_request", "This unsubscribe link is not valid.");
    await setMailPreferences(target.userId, { [PREFERENCE_FIELDS[target.kind]]: false });
    return { ok: true, message: `You will no longer receive emails about ${PREFERENCE_LABELS[target.kind]}.` };
  },
});
