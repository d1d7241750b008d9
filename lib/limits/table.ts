import { availableParallelism } from "node:os";
import type { ErrorCode } from "@/lib/api/errors";
import { BUSY_MESSAGE } from "@/lib/auth/password";
import type { Env } from "@/lib/env";

/**
 * Every limit of the site, by name: what one hit is, what it is counted per, how many, over what window
 * (or how many at once), and the answer past it. Callers name a limit (lib/limits/apply.ts `reserve`,
 * `atLimit`, `refuseAt`; lib/limits/gate.ts for the ones counted at once); no number is written anywhere
 * else. docs/security.md shows this table (`limitsMarkdown`), and a test keeps the two the same.
 *
 * A new limit is a new row here: a name, a key, a window or a bound, a refusal.
 *
 * What a limit is counted per (`key`):
 * - `account`: one account: its id, or for sign-in the email typed, which names the account tried;
 * - `address`: an email address typed into a public form, whether or not it has an account;
 * - `client`: the client's network through `clientKey()` (lib/auth/client-address.ts): the IPv4 address,
 *   the IPv6 /64, all of loopback as one, so a host with many addresses is still one client;
 * - `site`: the whole site, every app server together;
 * - `server`: one app server, in its memory;
 * - `person`: one owner of some work in progress on a server (an account, or a network registering);
 * - `apiKey`: one API key (lib/integrations/), whoever holds it.
 *
 * Where it is counted (`store`): `limit_hits` rows (models/users.ts, shared by every app server, purged
 * after a day), other rows that already record the thing (contact messages, mailed tokens), or `memory`;
 * an API key's requests in `api_key_windows`, one row per key and window (lib/integrations/rate-limit.ts).
 */
export type LimitKey = "account" | "address" | "client" | "site" | "server" | "person" | "apiKey";

type Refusal = {
  code: Extract<ErrorCode, "too_many_requests" | "service_unavailable">;
  message: string;
  /** Sent as `Retry-After`. */
  retryAfterSeconds: number;
};

type Counted = {
  /** How many hits the window holds; the next one is refused. A function reads the environment. */
  max: number | ((env: Env) => number);
  windowMinutes: number;
};

export type WindowLimit = Counted & {
  key: LimitKey;
  store: "limit_hits";
  /** The first part of each row's key in limit_hits (`email` → `email:ann@example.com`). */
  prefix: string;
};
export type RowsLimit = Counted & { key: LimitKey; store: "contact_messages" | "email_tokens" };
/** How many of something an account may hold at any time (its webhooks), counted in those rows. */
export type CapLimit = { key: LimitKey; store: "webhook_endpoints"; max: number };
/** Counted per API key in fixed windows, one row each (its remaining budget is sent in every answer). */
export type KeyWindowLimit = Counted & { key: "apiKey"; store: "api_key_windows" };
export type ConcurrencyLimit = {
  key: LimitKey;
  store: "memory";
  /** How many at once; past it, `queue` more may wait up to `waitMs` (no queue: refused at once). */
  max: number | ((env: Env) => number);
  queue?: { length: number; waitMs: number };
};

export type LimitRow = (WindowLimit | RowsLimit | CapLimit | KeyWindowLimit | ConcurrencyLimit) & {
  /** What one hit is, and when it is given back (for the docs table). */
  counts: string;
  /** The environment variable that sets `max`, if any (a contract: see .env.example). */
  env?: keyof Env;
  /** `max` as the docs show it, when it depends on the machine or the environment (then with its default). */
  maxText?: string;
  refusal: Refusal;
};

const SIGN_IN_WINDOW = 15;
const tooManySignIns: Refusal = { code: "too_many_requests", message: "Too many attempts. Please wait 15 minutes and try again.", retryAfterSeconds: SIGN_IN_WINDOW * 60 };
const tooManyForgot: Refusal = {
  code: "too_many_requests",
  message: "Too many reset requests. Please check your inbox, or try again in an hour.",
  retryAfterSeconds: 60 * 60,
};
const tooManyMessages: Refusal = {
  code: "too_many_requests",
  message: "You have sent several messages in the last hour. Please wait before sending another.",
  retryAfterSeconds: 60 * 60,
};

export const LIMITS = {
  "signIn.account": {
    counts: "failed sign-ins and wrong current passwords (account page), reserved before the hash; a right password gives its hit back",
    key: "account",
    store: "limit_hits",
    prefix: "email",
    max: 10,
    windowMinutes: SIGN_IN_WINDOW,
    refusal: tooManySignIns,
  },
  "signIn.client": {
    counts: "the same failures, per client",
    key: "client",
    store: "limit_hits",
    prefix: "ip",
    max: 10,
    windowMinutes: SIGN_IN_WINDOW,
    refusal: tooManySignIns,
  },
  "signIn.site": {
    counts: "every sign-in, password check and registration attempt, right or wrong (kept); the login form answers it 503",
    key: "site",
    store: "limit_hits",
    prefix: "site:auth",
    max: (env) => env.AUTH_ATTEMPTS_PER_MINUTE,
    env: "AUTH_ATTEMPTS_PER_MINUTE",
    maxText: "`AUTH_ATTEMPTS_PER_MINUTE` (default 600)",
    windowMinutes: 1,
    // 429 from the services; the login form's Auth.js answers it 503 (lib/auth/config.ts, `Busy`).
    refusal: { code: "too_many_requests", message: BUSY_MESSAGE, retryAfterSeconds: 5 },
  },
  "passkeyChallenge.client": {
    counts: "passkey sign-in challenges fetched (POST /api/passkeys/sign-in-options: the login page asks for one as it opens, kept)",
    key: "client",
    store: "limit_hits",
    prefix: "passkey:challenge",
    max: 60,
    windowMinutes: 1,
    refusal: { code: "too_many_requests", message: "Too many passkey sign-ins from your network. Please wait a minute and try again.", retryAfterSeconds: 60 },
  },
  "passkeySignIn.client": {
    counts: "passkey sign-ins, reserved before the signature is checked; a verified one gives its hit back",
    key: "client",
    store: "limit_hits",
    prefix: "passkey:ip",
    max: 10,
    windowMinutes: SIGN_IN_WINDOW,
    refusal: tooManySignIns,
  },
  "secondFactor.account": {
    counts: "wrong second-factor codes and passkeys of a signed-in account (step-up, enrolment, removal, new recovery codes), reserved before the check; a right one gives its hit back",
    key: "account",
    store: "limit_hits",
    prefix: "2fa",
    max: 10,
    windowMinutes: SIGN_IN_WINDOW,
    refusal: { code: "too_many_requests", message: "Too many wrong codes. Please wait 15 minutes and try again.", retryAfterSeconds: SIGN_IN_WINDOW * 60 },
  },
  "signUp.client": {
    counts: "registrations, a taken email included (no oracle); given back when nothing was created or learnt (a bad picture, a full hash queue)",
    key: "client",
    store: "limit_hits",
    prefix: "register",
    max: 10,
    windowMinutes: SIGN_IN_WINDOW,
    refusal: {
      code: "too_many_requests",
      message: "Too many accounts were created from your network. Please try again in 15 minutes.",
      retryAfterSeconds: SIGN_IN_WINDOW * 60,
    },
  },
  "reset.client": {
    counts: "password resets from a mailed link, forged tokens included, reserved before the token is checked (kept)",
    key: "client",
    store: "limit_hits",
    prefix: "reset:client",
    max: 10,
    windowMinutes: SIGN_IN_WINDOW,
    refusal: { code: "too_many_requests", message: "Too many reset attempts. Please wait 15 minutes and try again.", retryAfterSeconds: SIGN_IN_WINDOW * 60 },
  },
  "forgot.address": {
    counts: "forgot-password requests per address typed, with or without an account (kept)",
    key: "address",
    store: "limit_hits",
    prefix: "forgot:email",
    max: 3,
    windowMinutes: 60,
    refusal: tooManyForgot,
  },
  "forgot.client": {
    counts: "forgot-password requests per client (kept)",
    key: "client",
    store: "limit_hits",
    prefix: "forgot:client",
    max: 10,
    windowMinutes: 60,
    refusal: tooManyForgot,
  },
  "forgot.site": {
    counts: "forgot-password requests of the whole site, apart from sign-in's budget so a flood of them cannot refuse sign-ins (kept)",
    key: "site",
    store: "limit_hits",
    prefix: "site:forgot",
    max: (env) => env.AUTH_ATTEMPTS_PER_MINUTE,
    env: "AUTH_ATTEMPTS_PER_MINUTE",
    maxText: "`AUTH_ATTEMPTS_PER_MINUTE` (default 600)",
    windowMinutes: 1,
    refusal: { ...tooManyForgot, retryAfterSeconds: 60 },
  },
  "contact.client": {
    counts: "contact messages per client, reserved first; given back when the message is not stored",
    key: "client",
    store: "limit_hits",
    prefix: "contact",
    max: 5,
    windowMinutes: 60,
    refusal: tooManyMessages,
  },
  "contact.address": {
    counts: "contact messages stored per email typed (the messages themselves are counted)",
    key: "address",
    store: "contact_messages",
    max: 5,
    windowMinutes: 60,
    refusal: tooManyMessages,
  },
  "contactReply.account": {
    counts: "replies by mail to contact messages per admin, reserved first; given back when nothing is sent",
    key: "account",
    store: "limit_hits",
    prefix: "contact-reply",
    // Far above an admin answering the inbox by hand; a stolen admin session cannot make the site a
    // mail cannon (each reply goes to an address a visitor typed).
    max: 60,
    windowMinutes: 60,
    refusal: { code: "too_many_requests", message: "You have sent 60 replies in the last hour. Please wait before sending another.", retryAfterSeconds: 60 * 60 },
  },
  "verifyMail.account": {
    counts: "verification mails sent to an account, the first included (its mailed tokens are counted; the person's button and the admin's share it)",
    key: "account",
    store: "email_tokens",
    max: 3,
    windowMinutes: 60,
    refusal: {
      code: "too_many_requests",
      message: "We already sent 3 emails in the last hour. Check your spam folder, or try again later.",
      retryAfterSeconds: 60 * 60,
    },
  },
  "emailChange.account": {
    counts: "change-of-address confirmation mails per account (its mailed tokens are counted)",
    key: "account",
    store: "email_tokens",
    max: 3,
    windowMinutes: 60,
    refusal: { code: "too_many_requests", message: "We already sent 3 confirmation emails in the last hour. Try again later.", retryAfterSeconds: 60 * 60 },
  },
  "challenge.client": {
    counts: "proof-of-work challenges fetched (GET /api/altcha/challenge, kept)",
    key: "client",
    store: "limit_hits",
    prefix: "altcha",
    max: 60,
    windowMinutes: 1,
    refusal: { code: "too_many_requests", message: "Too many robot checks from your network. Please wait a minute and try again.", retryAfterSeconds: 60 },
  },
  "votes.account": {
    counts: "vote attempts (PUT /api/vote/{id}) that reach the vote, repeats included (kept)",
    key: "account",
    store: "limit_hits",
    prefix: "vote",
    // One a second on average: far above a person reading surveys, and a retrying client's burst on one
    // survey (50 at once answer one 200 and 49 × 409) still passes; a script crawling surveys does not.
    max: 60,
    windowMinutes: 1,
    refusal: { code: "too_many_requests", message: "Too many votes in the last minute. Please wait a minute and try again.", retryAfterSeconds: 60 },
  },
  "reviews.account": {
    counts: "asks for a review of an unpublished survey (POST /api/survey/{id}/review-request), refused ones included (kept)",
    key: "account",
    store: "limit_hits",
    prefix: "review",
    // Each ask mails every admin. One ask per admin decision is the rule already; this bounds a script
    // going through a surveyor's many unpublished surveys.
    max: 10,
    windowMinutes: 60,
    refusal: { code: "too_many_requests", message: "You have asked for several reviews in the last hour. Please wait before asking again.", retryAfterSeconds: 60 * 60 },
  },
  "streams.client": {
    counts: "live results streams open at once per client, on each server (the page polls instead)",
    key: "client",
    store: "memory",
    max: (env) => env.LIVE_MAX_STREAMS_PER_CLIENT,
    env: "LIVE_MAX_STREAMS_PER_CLIENT",
    maxText: "`LIVE_MAX_STREAMS_PER_CLIENT` (default 10)",
    refusal: {
      code: "too_many_requests",
      message: "Too many live results streams from your address: the results are refreshed every few seconds instead",
      retryAfterSeconds: 60,
    },
  },
  "streams.server": {
    counts: "live results streams open at once on one server (0 turns them off)",
    key: "server",
    store: "memory",
    max: (env) => env.LIVE_MAX_STREAMS,
    env: "LIVE_MAX_STREAMS",
    maxText: "`LIVE_MAX_STREAMS` (default 2,000)",
    refusal: {
      code: "service_unavailable",
      message: "This server has as many live results streams as it takes: the results are refreshed every few seconds instead",
      retryAfterSeconds: 30,
    },
  },
  "requests.apiKey": {
    counts: "requests to /api/v1 with one API key, refused ones included (kept); each answer says how many are left (`RateLimit`)",
    key: "apiKey",
    store: "api_key_windows",
    max: (env) => env.API_KEY_REQUESTS_PER_MINUTE,
    env: "API_KEY_REQUESTS_PER_MINUTE",
    maxText: "`API_KEY_REQUESTS_PER_MINUTE` (default 600)",
    windowMinutes: 1,
    // Retry-After is the rest of the window, from the answer's own count (this is the longest it can be).
    refusal: { code: "too_many_requests", message: "This API key has made too many requests this minute. Please wait for the next window (Retry-After).", retryAfterSeconds: 60 },
  },
  "webhooks.account": {
    counts: "webhook endpoints an account has (POST /api/v1/webhooks; deleting one gives its place back)",
    key: "account",
    store: "webhook_endpoints",
    // Far above one surveyor's tools; each endpoint gets a delivery per event, so this bounds the work one
    // account's events make.
    max: 10,
    refusal: { code: "too_many_requests", message: "This account has 10 webhooks, the most it can have. Delete one to add another.", retryAfterSeconds: 3600 },
  },
  "pictures.server": {
    counts: "pictures decoded at once on one server (uploads and registrations)",
    key: "server",
    store: "memory",
    max: Math.min(2, availableParallelism()),
    maxText: "2 (1 on one core)",
    queue: { length: 8, waitMs: 3_000 },
    refusal: { code: "service_unavailable", message: "Too many pictures are being processed right now. Please try again in a moment.", retryAfterSeconds: 5 },
  },
  "pictures.person": {
    counts: "pictures in work at once per person (an account, or a network registering)",
    key: "person",
    store: "memory",
    max: 1,
    refusal: { code: "too_many_requests", message: "Your previous picture is still being processed. Please try again in a moment.", retryAfterSeconds: 2 },
  },
} as const satisfies Record<string, LimitRow>;

export type LimitName = keyof typeof LIMITS;
type Rows = typeof LIMITS;
/** The limits counted as rows of limit_hits (`reserve`, `atLimit`). */
export type HitLimitName = { [N in LimitName]: Rows[N] extends { store: "limit_hits" } ? N : never }[LimitName];
/** The limits counted in rows of their own (`refuseAt`). */
export type RowsLimitName = { [N in LimitName]: Rows[N] extends { store: "contact_messages" | "email_tokens" | "webhook_endpoints" } ? N : never }[LimitName];
/** The limits on work in progress (lib/limits/gate.ts, the live streams). */
export type ConcurrencyLimitName = { [N in LimitName]: Rows[N] extends { store: "memory" } ? N : never }[LimitName];
/** The limits of the whole site: no key part. */
export type SiteLimitName = { [N in LimitName]: Rows[N] extends { key: "site" } ? N : never }[LimitName];

export const limitNames = Object.keys(LIMITS) as LimitName[];
