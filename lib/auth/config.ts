import "server-only";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import NextAuth, { CredentialsSignin } from "next-auth";
import { ApiError } from "@/lib/api/errors";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { authenticateWithPassword } from "@/lib/services/users";
import { accounts, sessions, users, verificationTokens } from "@/models";

class TooManyAttempts extends CredentialsSignin {
  code = "too_many_attempts";
}

export const { handlers, auth, signIn, signOut } = NextAuth(async () => {
  const env = getEnv();
  const db = await getDb();
  const googleConfigured = !!(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    adapter: DrizzleAdapter(db, { usersTable: users, accountsTable: accounts, sessionsTable: sessions, verificationTokensTable: verificationTokens }),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/login" },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: async (credentials, request) => {
          const ip = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "local";
          const user = await authenticateWithPassword(credentials, ip).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 429) throw new TooManyAttempts();
            throw error;
          });
          return user ? { id: user.id, name: user.name, email: user.email, image: user.image } : null;
        },
      }),
      ...(googleConfigured
        ? [
            Google({
              clientId: env.AUTH_GOOGLE_ID,
              clientSecret: env.AUTH_GOOGLE_SECRET,
              ...(env.AUTH_GOOGLE_ISSUER ? { issuer: env.AUTH_GOOGLE_ISSUER } : {}),
            }),
          ]
        : []),
    ],
    callbacks: {
      // The role is deliberately not stored in the token: guards read it from the database.
      session: ({ session, token }) => {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
});
