// GET and PATCH /api/me/mail-preferences: which optional mails the signed-in person receives (the
// results of surveys they asked about; news of their own surveys). Mail about the account itself
// (verification, password reset, change of address) is always sent.
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { getMailPreferences, setMailPreferences } from "@/lib/services/notifications";
import { mailPreferencesSchema } from "@/lib/validation/share";

export const GET = route({
  auth: "signed-in",
  handler: async ({ user }) => ({ preferences: await getMailPreferences(user.id) }),
});

export const PATCH = route({
  auth: "signed-in",
  body: mailPreferencesSchema,
  maxBodyBytes: 1024,
  handler: async ({ user, body }) => {
    const preferences = await setMailPreferences(user.id, body);
    if (!preferences) throw new ApiError("not_found", "Account not found");
    return { preferences };
  },
});
