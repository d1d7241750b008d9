// POST /api/jwt: a short-lived signed API token for the signed-in person only
import { forbidden } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { createApiToken } from "@/lib/auth/api-token";
import { assertSelf } from "@/lib/auth/permissions";
import { jwtRequestSchema } from "@/lib/validation/auth";

export const POST = route({
  auth: "signed-in",
  body: jwtRequestSchema,
  handler: ({ request, user, body }) => {
    // A token cannot renew itself: otherwise one leaked token would live for ever.
    if (request.headers.has("authorization")) throw forbidden("Sign in to get a new token");
    assertSelf(user, { email: body.email }, { message: "A token can only be issued for your own account" });
    const { token, expiresAt } = createApiToken(user.id, Date.now(), user.sessionVersion);
    return { token, expiresAt: expiresAt.toISOString() };
  },
});
