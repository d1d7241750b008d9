// GET and PATCH /api/me/mail-preferences: which optional mails the signed-in person receives (the
// results of surveys they asked about; news of their own surveys). Mail about the account itself
// (verification, password reset, change of address) is always sent.
import { mailPreferencesAnswerSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { getMailPreferences, setMailPreferences } from "@/lib/surveys/notifications";
import { mailPreferencesSchema } from "@/lib/sharing/schema";

export const GET = route({
  auth: "signed-in",
  doc: {
    tag: "Account",
    summary: "My mail preferences",
    description: "Which optional mails the caller receives. Mail about the account itself is always sent.",
    answers: [answer("The preferences", mailPreferencesAnswerSchema)],
  },
  handler: async ({ user }) => ({ preferences: await getMailPreferences(user.id) }),
});

export const PATCH = route({
  auth: "signed-in",
  body: mailPreferencesSchema,
  maxBodyBytes: 1024,
  doc: {
    tag: "Account",
    summary: "Change my mail preferences",
    answers: [answer("The preferences", mailPreferencesAnswerSchema)],
    errors: [404],
  },
  handler: async ({ user, body }) => {
    const preferences = await setMailPreferences(user.id, body);
    if (!preferences) throw new ApiError("not_found", "Account not found");
    return { preferences };
  },
});
