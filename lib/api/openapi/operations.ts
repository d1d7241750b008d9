// The operations no `route()` describes: Auth.js's calls (its own handlers, under one catch-all) and
// the document itself (its route would import itself through the route index). Every other operation
// is read from its route (./from-routes.ts).
import { z } from "@/lib/validation/zod";
import { answer } from "@/lib/api/route-doc";
import type { Operation } from "./from-routes";

export const OPERATIONS_BY_HAND: Operation[] = [
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Operations",
    summary: "This document",
    description: "The OpenAPI 3.1 document of this API, generated at build time from the routes' own schemas.",
    auth: "none",
    outsideWrapper: true,
    answers: [answer("The OpenAPI document", z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }))],
  },

  // ---- Auth.js (sign-in for the browser; API clients use a token from POST /api/jwt)
  {
    method: "GET",
    path: "/api/auth/session",
    tag: "Auth.js",
    summary: "The browser's session",
    description: "Auth.js: the signed-in person, or `null`.",
    auth: "public",
    outsideWrapper: true,
    answers: [
      answer(
        "The session, or null",
        z
          .object({
            user: z.object({ id: z.uuid(), name: z.string().nullish(), email: z.string().nullish(), image: z.string().nullish() }),
            expires: z.iso.datetime(),
          })
          .nullable(),
      ),
    ],
  },
  {
    method: "GET",
    path: "/api/auth/csrf",
    tag: "Auth.js",
    summary: "A sign-in form's CSRF token",
    description: "Auth.js: the token the sign-in and sign-out forms send back (it also sets its cookie).",
    auth: "public",
    outsideWrapper: true,
    answers: [answer("The token", z.object({ csrfToken: z.string() }))],
  },
  {
    method: "GET",
    path: "/api/auth/providers",
    tag: "Auth.js",
    summary: "Sign-in providers",
    description: "Auth.js: the ways to sign in (email and password, a passkey; Google when configured).",
    auth: "public",
    outsideWrapper: true,
    answers: [
      answer(
        "The providers by id",
        z.record(z.string(), z.object({ id: z.string(), name: z.string(), type: z.string(), signinUrl: z.string(), callbackUrl: z.string() })),
      ),
    ],
  },
  {
    method: "POST",
    path: "/api/auth/callback/credentials",
    tag: "Auth.js",
    summary: "Sign in with email and password",
    description:
      "Auth.js: the login form's request. Answers a redirect (with the session cookie when the password is right). Throttled per account and address (429); a busy server answers 503 with `Retry-After`; bodies over 16 KiB are 413.",
    auth: "public",
    outsideWrapper: true,
    body: { urlencoded: z.object({ email: z.string(), password: z.string(), csrfToken: z.string(), callbackUrl: z.string().optional() }) },
    answers: [{ status: 302, description: "To the callback URL, or back to the login page with an error code" }],
    errors: [413, 429, 503],
  },
  {
    method: "POST",
    path: "/api/auth/callback/passkey",
    tag: "Auth.js",
    summary: "Sign in with a passkey",
    description:
      "Auth.js: the login page's request after the browser signed the challenge of `POST /api/passkeys/sign-in-options`. `response` is the assertion's JSON (AuthenticationResponseJSON, at most 8 KiB). Answers a redirect (with the session cookie when it verifies). Failed ones are limited per address (`code=too_many_attempts`); a suspended account gets `code=suspended`; bodies over 16 KiB are 413.",
    auth: "public",
    outsideWrapper: true,
    body: { urlencoded: z.object({ response: z.string(), csrfToken: z.string(), callbackUrl: z.string().optional() }) },
    answers: [{ status: 302, description: "To the callback URL, or back to the login page with an error code" }],
    errors: [413, 503],
  },
  {
    method: "POST",
    path: "/api/auth/signout",
    tag: "Auth.js",
    summary: "Sign out",
    description: "Auth.js: ends every session and API token of the person, not only this browser's.",
    auth: "public",
    outsideWrapper: true,
    body: { urlencoded: z.object({ csrfToken: z.string(), callbackUrl: z.string().optional() }) },
    answers: [{ status: 302, description: "To the callback URL, the session cookie cleared" }],
  },
];
