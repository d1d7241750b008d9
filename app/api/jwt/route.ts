// POST /api/jwt: a short-lived signed API token for the signed-in person only
import { apiTokenSchema } from "@/lib/api/contract";
import { forbidden } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { createApiToken } from "@/lib/auth/api-token";
import { assertSelf } from "@/lib/auth/permissions";
import { jwtRequestSchema } from "@/lib/accounts/auth-schema";

export const POST = route({
  auth: "signed-in",
  body: jwtRequestSchema,
  doc: {
    tag: "Account",
    summary: "Get an API token",
    description:
      "A signed token for the caller, valid one hour, to send as `Authorization: Bearer <token>`. Only a signed-in browser session may ask: a token cannot renew itself (403). The token lives as long as that session: signing out of that browser (or ending the session from the account page, or signing out everywhere) ends it.",
    who: "own email only",
    // The handler refuses a bearer token itself, with its own message.
    sessionOnly: true,
    answers: [answer("The token", apiTokenSchema)],
  },
  handler: ({ request, user, body }) => {
    // A token cannot renew itself: otherwise one leaked token would live for ever.
    if (request.headers.has("authorization")) throw forbidden("Sign in to get a new token");
    assertSelf(user, { email: body.email }, { message: "A token can only be issued for your own account" });
    const { token, expiresAt } = createApiToken(user.id, Date.now(), user.sessionVersion, user.sessionId);
    return { token, expiresAt: expiresAt.toISOString() };
  },
});
