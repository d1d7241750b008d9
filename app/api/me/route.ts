// GET /api/me: who is signed in (name, picture, role) for the browser's navigation bar; never cached
// PATCH /api/me { name?, locale? }: the caller changes their display name, their language, or both
// DELETE /api/me { password }: the caller deletes their account (session cookie only), and is signed out
import { NextResponse } from "next/server";
import { meSchema, okSchema, profileSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { verificationRequired } from "@/lib/accounts/account-email";
import { secondFactorRequired } from "@/lib/accounts/second-factor";
import { clientAddress } from "@/lib/auth/client-address";
import { SESSION_COOKIES } from "@/lib/auth/guards";
import { deleteAccount, updateProfile } from "@/lib/accounts/account";
import { updateMeSchema } from "@/lib/accounts/locale-schema";
import { deleteAccountSchema } from "@/lib/accounts/schema";

export const GET = route({
  auth: "public",
  doc: {
    tag: "Account",
    summary: "Who is signed in",
    description:
      "The caller's name, picture and role for the navigation bar, whether they have a second factor and whether their role needs one, or `user: null`. Never cached.",
    answers: [answer("The caller", meSchema)],
  },
  // Personal: no browser or shared cache may keep it (the same URL answers everyone).
  handler: async ({ user }) =>
    NextResponse.json(
      {
        user: user && {
          id: user.id,
          email: user.email,
          name: user.name,
          image: user.image,
          role: user.role,
          emailVerified: user.emailVerified !== null,
          // Whether this site asks for a verified address before voting and reporting.
          verificationRequired: verificationRequired(),
          secondFactor: { enabled: user.hasSecondFactor, required: secondFactorRequired(user.role) },
        },
      },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
});

export const PATCH = route({
  auth: "signed-in",
  body: updateMeSchema,
  doc: {
    tag: "Account",
    summary: "Change my name or language",
    description:
      "A new `name` (as registration checks it), a new `locale` (`en`, `es` or `de`: the language the account's mail is written in; the site's language switcher sends it), or both; at least one. Anything else, or another language, is 400 and changes nothing.",
    answers: [answer("The caller as they are now", profileSchema)],
    errors: [404],
  },
  handler: async ({ user, body }) => ({ user: await updateProfile(user.id, body) }),
});

// Not with an API token: a token kept in a page's storage must not be able to destroy the account.
export const DELETE = route({
  auth: "signed-in",
  cookieOnly: true,
  body: deleteAccountSchema,
  doc: {
    tag: "Account",
    summary: "Delete my account",
    description:
      "Deletes the caller's account and signs them out; an account with a password sends it (400 without it or when wrong), a Google-only account needs a recent sign-in (403). The last admin cannot leave (409).",
    answers: [answer("Deleted", okSchema)],
    errors: [404, 409, 429],
  },
  handler: async ({ request, user, body }) => {
    await deleteAccount(user, body, clientAddress(request.headers));
    const response = NextResponse.json({ ok: true });
    // The session is already ended on the server; the browser forgets its cookie too (chunks included).
    for (const { name } of request.cookies.getAll()) {
      if (SESSION_COOKIES.some((cookie) => name === cookie || name.startsWith(`${cookie}.`))) {
        response.cookies.set({ name, value: "", path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") });
      }
    }
    return response;
  },
});
