// GET /api/me/sessions: the caller's signed-in browsers (the most recently used first)
// DELETE /api/me/sessions: sign out everywhere else (every other browser and every API token)
import { sessionsEndedSchema, sessionsSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { listSessions, SESSIONS_LISTED } from "@/lib/accounts/account";
import { revokeOtherSessions } from "@/lib/accounts/users";
import { endOtherSessionsSchema } from "@/lib/accounts/schema";

export const GET = route({
  auth: "signed-in",
  doc: {
    tag: "Account",
    summary: "My signed-in browsers",
    answers: [answer("The sessions", sessionsSchema)],
  },
  handler: async ({ user }) => {
    const { sessions, total } = await listSessions(user.id, user.sessionId);
    return {
      sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
      total,
      limit: SESSIONS_LISTED,
    };
  },
});

// By API token there is no "this browser" to keep: every session ends, and the token with them.
export const DELETE = route({
  auth: "signed-in",
  // No body, or an empty JSON object: a form's text/plain is refused (415) like every JSON route's.
  body: endOtherSessionsSchema,
  doc: {
    tag: "Account",
    summary: "Sign out everywhere else",
    description: "Ends every other session and every API token (by API token: every session, and the token with them).",
    answers: [answer("How many ended", sessionsEndedSchema)],
  },
  handler: async ({ user }) => ({ ended: await revokeOtherSessions(user.id, user.sessionId) }),
});
