// Every call under /api as the API reference describes it: method, path, who may call, and the same
// zod schemas the route hands to `route()` (lib/validation/*, lib/payments/schemas.ts) and the
// answers' schemas (lib/api/contract.ts). lib/api/openapi/document.ts turns this list into the
// OpenAPI document; its tests fail when a route file or method has no entry here, when an entry has
// no route, and when an entry's access or schemas are not the very ones its route checks.
import type { ZodType } from "zod";
import {
  acknowledgedUpdateSchema,
  altchaChallengeSchema,
  apiTokenSchema,
  clientSecretSchema,
  commentedSurveySchema,
  contactMessageJsonSchema,
  createdSurveySchema,
  feedbackJsonSchema,
  insertedSchema,
  livenessSchema,
  mailPreferencesAnswerSchema,
  meSchema,
  modifiedSchema,
  oembedSchema,
  okMessageSchema,
  suspensionStateSchema,
  votesRestoredSchema,
  votesVoidedSchema,
  okSchema,
  ownSurveyJsonSchema,
  participatedSurveySchema,
  paymentJsonSchema,
  profileSchema,
  readinessSchema,
  reportedSurveySchema,
  reportResultSchema,
  savedPaymentSchema,
  sessionsEndedSchema,
  sessionsSchema,
  surveyJsonSchema,
  surveyResultsSchema,
  uploadedPictureSchema,
  userExistSchema,
  userJsonSchema,
  userRecordSchema,
  voteResultSchema,
  votersPageSchema,
  votingStateSchema,
  webhookOutcomeSchema,
} from "@/lib/api/contract";
import type { Access } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { confirmUpgradeSchema, createPaymentIntentSchema, emailParamsSchema, savePaymentSchema } from "@/lib/payments/schemas";
import { changePasswordSchema, deleteAccountSchema, endOtherSessionsSchema, sessionIdParamsSchema, updateProfileSchema } from "@/lib/validation/account";
import { moderationReasonSchema, pagedQuerySchema, updateSurveyStatusSchema, userIdParamsSchema, userListQuerySchema } from "@/lib/validation/admin";
import { avatarIdParamsSchema, createUserSchema, isUserExistSchema, jwtRequestSchema, updateRoleSchema } from "@/lib/validation/auth";
import { contactRequestSchema, forgotPasswordRequestSchema, registerRequestSchema } from "@/lib/validation/altcha";
import { changeEmailSchema, confirmEmailSchema, resetPasswordSchema, verifyEmailSchema } from "@/lib/validation/email-links";
import { mailPreferencesSchema, oembedQuerySchema, qrQuerySchema, unsubscribeQuerySchema } from "@/lib/validation/share";
import { apiPageQuerySchema, createSurveyBodySchema, surveyFormSchema } from "@/lib/validation/survey-form";
import { surveyIdParamsSchema, surveyListQuerySchema, surveyorEmailParamsSchema } from "@/lib/validation/survey-list";
import { ownIdentityBodySchema, voteBodySchema } from "@/lib/validation/vote";
import { z } from "@/lib/validation/zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** One answer besides the errors: its status, and its body as JSON (a zod schema) or another media type. */
export type Answer = {
  status: number;
  description: string;
  json?: ZodType;
  /** A body that is not JSON: each media type it may come as, with a JSON Schema of it. */
  media?: { type: string; schema: Record<string, unknown> }[];
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
};

export type Operation = {
  method: Method;
  /** The OpenAPI path: a route folder `[id]` is `{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** As the route's `route({ auth })`. */
  auth: Access;
  /** What else the route checks of the caller, for people ("own email only; admins: any"). */
  who?: string;
  /** Only a session cookie is accepted, a bearer token is refused (403): `route({ cookieOnly })` or the handler. */
  sessionOnly?: boolean;
  /** A credential other than a session (the metrics token, Stripe's signature). */
  credential?: "metricsToken" | "stripeSignature";
  params?: ZodType;
  query?: ZodType;
  /** A JSON body (`route({ body })`), a multipart form (`route({ form })`) or an HTML form (Auth.js). */
  body?: { json: ZodType } | { multipart: ZodType } | { urlencoded: ZodType } | { raw: string; schema: Record<string, unknown>; optional?: true };
  /**
   * The route reads the body as `z.unknown()` and checks it with this schema in the handler, where
   * the earliest allowed deadline (today, or the survey's own) is known; the JSON Schema is the same.
   */
  bodyCheckedInHandler?: true;
  answers: Answer[];
  /** Error statuses the handler or its services answer, besides those the wrapper's checks give. */
  errors?: number[];
  /** Not built with `route()` (Auth.js, the document itself): no wrapper checks, no wrapper errors. */
  outsideWrapper?: true;
  /** The path also answers a CORS preflight (OPTIONS). */
  preflight?: true;
};

const json = (description: string, schema: ZodType, status = 200): Answer => ({ status, description, json: schema });
/** A voter's own list, read by POST with (at most) the caller's own identity in the body, as the original client does. */
const ownList = (path: string, summary: string, description: string, auth: Access, item: ZodType): Operation => ({
  method: "POST",
  path,
  tag: "Voting",
  summary,
  description: `${description} A read sent as POST, as the original client does.`,
  auth,
  who: "own data only",
  body: { json: ownIdentityBodySchema },
  answers: [json("The surveys", z.array(item))],
  preflight: true,
});
const totalCount = { "X-Total-Count": { description: "How many rows there are in all pages", schema: { type: "integer", minimum: 0 } } };

export const OPERATIONS: Operation[] = [
  // ---- surveys, public
  {
    method: "GET",
    path: "/api/all_surveys",
    tag: "Surveys",
    summary: "List published surveys",
    description:
      "One page of published surveys, most votes (or newest) first. Still an array, as the original answered. `surveyorEmail` is null except for the surveyor's own surveys and for admins (then `private, no-store`).",
    auth: "public",
    query: surveyListQuerySchema,
    answers: [json("The page's surveys", z.array(surveyJsonSchema))],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/get_features_surveys",
    tag: "Surveys",
    summary: "Featured surveys",
    description:
      "The 6 published, still open surveys with the most votes (ties: newest first). `surveyorEmail` is null except for the surveyor's own surveys and for admins.",
    auth: "public",
    answers: [json("Up to 6 surveys", z.array(surveyJsonSchema).max(6))],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/get_latest_survey",
    tag: "Surveys",
    summary: "Latest surveys",
    description: "The 6 newest published surveys. `surveyorEmail` is null except for the surveyor's own surveys and for admins.",
    auth: "public",
    answers: [json("Up to 6 surveys", z.array(surveyJsonSchema).max(6))],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/survey/{id}",
    tag: "Surveys",
    summary: "One survey",
    description:
      "A survey's public fields. An unpublished survey exists only for its surveyor and admins (404 for everyone else). `surveyorEmail` is the address for them only (then `private, no-store`), null for everyone else.",
    auth: "public",
    params: surveyIdParamsSchema,
    answers: [json("The survey", surveyJsonSchema)],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/get_updated_survey/{id}",
    tag: "Surveys",
    summary: "One survey (the original client's second name)",
    description: "The same answer as `GET /api/survey/{id}`, under the path the original client re-reads the counts from after a vote.",
    auth: "public",
    params: surveyIdParamsSchema,
    answers: [json("The survey", surveyJsonSchema)],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/survey/{id}/results",
    tag: "Surveys",
    summary: "Live results",
    description:
      "A published survey's live figures, the same for every viewer, refreshed at most once a second (`Cache-Control: public, max-age=1`). An unpublished survey has none (404).",
    auth: "public",
    params: surveyIdParamsSchema,
    answers: [json("The figures", surveyResultsSchema)],
    errors: [404],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/survey/{id}/live",
    tag: "Surveys",
    summary: "Live results, pushed (Server-Sent Events)",
    description:
      "A published survey's figures as an event stream: `retry: 3000`, then a first event immediately (`id:` the time its figures were first seen, `data:` the JSON of `GET /api/survey/{id}/results`), then one per change, at most about once a second, and a `: ping` comment every 20 s. A reconnect sending the current `Last-Event-ID` gets no repeat. `event: gone` when the survey is unpublished or deleted. Reads no session: the same public figures for everyone. More than 10 streams from one client (an IPv4 address, an IPv6 /64; all of loopback is one): 429; the server at its cap or stopping: 503 (each with `Retry-After`); the pages then poll `/results`.",
    auth: "none",
    params: surveyIdParamsSchema,
    answers: [
      {
        status: 200,
        description: "The stream (`Cache-Control: no-cache, no-transform`)",
        media: [{ type: "text/event-stream", schema: { type: "string", description: "Server-Sent Events; each `data:` is the JSON of GET /api/survey/{id}/results" } }],
      },
    ],
    errors: [404, 429, 503],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/survey/{id}/qr",
    tag: "Surveys",
    summary: "A survey's QR code",
    description: "A QR code of a published survey's address, as SVG or PNG (`download=1`: as an attachment). The same for everyone, cached for a day.",
    auth: "none",
    params: surveyIdParamsSchema,
    query: qrQuerySchema,
    answers: [
      {
        status: 200,
        description: "The QR code",
        media: [
          { type: "image/svg+xml", schema: { type: "string" } },
          { type: "image/png", schema: { type: "string", contentMediaType: "image/png" } },
        ],
      },
    ],
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/oembed",
    tag: "Surveys",
    summary: "oEmbed",
    description:
      "The oEmbed 1.0 answer (type `rich`) for one of this site's survey addresses, so a platform that reads oEmbed embeds a survey from its link. `url` is parsed, never fetched: any other address is 404; a `format` other than `json` is 501.",
    auth: "none",
    query: oembedQuerySchema,
    answers: [json("The embed", oembedSchema)],
    errors: [404, 501],
  },

  // ---- voting
  {
    method: "GET",
    path: "/api/vote/{id}",
    tag: "Voting",
    summary: "Voting state",
    description: "A published survey's counts and the caller's own vote and report, if signed in. Personal: `Cache-Control: private, no-store`.",
    auth: "public",
    params: surveyIdParamsSchema,
    answers: [json("The voting state", votingStateSchema)],
    errors: [404],
    preflight: true,
  },
  {
    method: "PUT",
    path: "/api/vote/{id}",
    tag: "Voting",
    summary: "Vote",
    description:
      "Casts the caller's one vote on a published survey before its deadline. A comment is for pro_user accounts only (403 otherwise). A second vote is 409, and so is a vote from a mailbox that already voted on this survey (from any account, a deleted one included; the address is compared in lower case without its `+tag`, and Gmail's without dots) and a vote after the deadline. Where the site sends mail, an unverified address is refused (403 `email_unverified`); `notifyResult` asks for the result by email when the survey closes. More than 60 vote attempts by one account in a minute: 429 with `Retry-After`.",
    auth: rolesFor("vote"),
    who: "`userEmail` and `userName`, if sent, must be the caller's own",
    params: surveyIdParamsSchema,
    body: { json: voteBodySchema },
    answers: [json("The vote and the new counts", voteResultSchema)],
    errors: [404, 409, 429],
  },
  {
    method: "PUT",
    path: "/api/report_survey/{id}",
    tag: "Voting",
    summary: "Report a survey",
    description: "The caller's one report of a published survey (409 for a second one). Where the site sends mail, an unverified address is refused (403 `email_unverified`).",
    auth: rolesFor("report"),
    who: "`userEmail` and `userName`, if sent, must be the caller's own",
    params: surveyIdParamsSchema,
    body: { json: ownIdentityBodySchema },
    answers: [json("The report", reportResultSchema)],
    errors: [404, 409],
    preflight: true,
  },
  ownList("/api/reported_by", "My reports", "The surveys the caller reported, newest report first, with their status.", rolesFor("report"), reportedSurveySchema),
  ownList("/api/get_participated_survey", "My votes", "The surveys the caller voted on, newest vote first, with their own vote.", rolesFor("viewOwnParticipation"), participatedSurveySchema),
  ownList("/api/get_commented_surveys", "My comments", "The surveys the caller commented on, with only their own comment.", rolesFor("viewOwnComments"), commentedSurveySchema),

  // ---- surveyors
  {
    method: "POST",
    path: "/api/create_survey",
    tag: "Surveyor",
    summary: "Create a survey",
    description:
      "A survey owned by the caller. The deadline may not be before today in the site's time zone. `surveyorEmail`, if sent, must be the caller's (403 otherwise); unknown fields are refused (400).",
    auth: rolesFor("createSurvey"),
    body: { json: createSurveyBodySchema("") },
    bodyCheckedInHandler: true,
    answers: [json("Created", createdSurveySchema, 201)],
    preflight: true,
  },
  {
    method: "PUT",
    path: "/api/updateDocument/{id}",
    tag: "Surveyor",
    summary: "Update a survey",
    description:
      "Changes a survey's six form fields. The deadline may not be before today, or before the survey's own deadline if that is earlier. Counts, status, owner, feedback or any other field are refused (400), never written.",
    auth: rolesFor("manageOwnSurveys"),
    who: "the survey's own surveyor, or an admin",
    params: surveyIdParamsSchema,
    body: { json: surveyFormSchema("") },
    bodyCheckedInHandler: true,
    answers: [json("Updated", acknowledgedUpdateSchema)],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/surveys/{email}",
    tag: "Surveyor",
    summary: "A surveyor's surveys",
    description: "One surveyor's surveys, unpublished ones and the admins' feedback included.",
    auth: ["surveyor", "admin"],
    who: "that surveyor, or an admin",
    params: surveyorEmailParamsSchema,
    answers: [json("The surveys", z.array(ownSurveyJsonSchema))],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/feedbacks",
    tag: "Surveyor",
    summary: "Feedback on my surveys",
    description: "The caller's own surveys an admin gave feedback on, newest first.",
    auth: rolesFor("readFeedback"),
    query: apiPageQuerySchema,
    answers: [json("The surveys with feedback", z.array(feedbackJsonSchema))],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/survey/{id}/voters",
    tag: "Surveyor",
    summary: "A survey's voters",
    description: "One page of a survey's voters, in voting order.",
    auth: rolesFor("manageOwnSurveys"),
    who: "the survey's own surveyor, or an admin",
    params: surveyIdParamsSchema,
    query: apiPageQuerySchema,
    answers: [json("One page of voters", votersPageSchema)],
    preflight: true,
  },
  {
    method: "GET",
    path: "/api/survey/{id}/export",
    tag: "Surveyor",
    summary: "Export a survey as CSV",
    description: "The survey's figures, then one row per voter, as a streamed CSV attachment (UTF-8 with a byte order mark).",
    auth: rolesFor("manageOwnSurveys"),
    who: "the survey's own surveyor, or an admin",
    params: surveyIdParamsSchema,
    answers: [{ status: 200, description: "The CSV file", media: [{ type: "text/csv", schema: { type: "string" } }] }],
    preflight: true,
  },

  // ---- admins
  {
    method: "GET",
    path: "/api/get_user",
    tag: "Admin",
    summary: "List accounts",
    description: "One page of accounts, by email; `q` is a case-insensitive prefix of an email or a name. Never a password hash.",
    auth: rolesFor("manageUsers"),
    query: userListQuerySchema,
    answers: [{ ...json("The page's accounts", z.array(userJsonSchema)), headers: totalCount }],
  },
  {
    method: "POST",
    path: "/api/update_role",
    tag: "Admin",
    summary: "Set someone's role",
    description: "Audited. The last admin cannot be demoted (409).",
    auth: rolesFor("manageUsers"),
    body: { json: updateRoleSchema },
    answers: [json("Whether the role changed", modifiedSchema)],
    errors: [404, 409],
  },
  {
    method: "POST",
    path: "/api/update_survey_status",
    tag: "Admin",
    summary: "Publish or unpublish a survey",
    description: "Audited. Unpublishing needs a non-blank `feedbackMessage` (422 without one); publishing keeps the last feedback.",
    auth: rolesFor("moderateSurveys"),
    body: { json: updateSurveyStatusSchema },
    answers: [json("Whether the survey changed", modifiedSchema)],
    errors: [404, 422],
  },
  {
    method: "POST",
    path: "/api/users/{id}/verification-email",
    tag: "Admin",
    summary: "Resend someone's verification link",
    description: "The same limit of three an hour as the person's own button (429). Already verified: 409; 503 where the site sends no mail.",
    auth: ["admin"],
    params: userIdParamsSchema,
    answers: [json("The link is on its way", okMessageSchema)],
    errors: [409, 429, 503],
  },
  {
    method: "POST",
    path: "/api/users/{id}/suspension",
    tag: "Admin",
    summary: "Suspend an account",
    description:
      "Audited with the reason. The account cannot sign in (password or Google) and every session and API token it holds ends in the same transaction. Suspending a suspended account changes nothing (200, `changed: false`). Admins (oneself included) cannot be suspended (403).",
    auth: ["admin"],
    params: userIdParamsSchema,
    body: { json: moderationReasonSchema },
    answers: [json("The account's suspension", suspensionStateSchema)],
    errors: [404],
  },
  {
    method: "DELETE",
    path: "/api/users/{id}/suspension",
    tag: "Admin",
    summary: "Lift a suspension",
    description: "Audited. The account may sign in again; its voided votes stay voided until restored. Lifting none changes nothing (`changed: false`).",
    auth: ["admin"],
    params: userIdParamsSchema,
    answers: [json("The account's suspension", suspensionStateSchema)],
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/users/{id}/votes/void",
    tag: "Admin",
    summary: "Void a suspended account's votes",
    description:
      "In one transaction every vote of the account not yet voided is kept but counted nowhere, each survey's yes/no counts drop by exactly those votes and its `voidedCount` rises; one audit row records the reason and the number. Voiding again answers `voided: 0`. 409 when the account is not suspended.",
    auth: ["admin"],
    params: userIdParamsSchema,
    body: { json: moderationReasonSchema },
    answers: [json("How many votes were voided", votesVoidedSchema)],
    errors: [404, 409],
  },
  {
    method: "DELETE",
    path: "/api/users/{id}/votes/void",
    tag: "Admin",
    summary: "Restore an account's voided votes",
    description: "Audited. The votes count again and each survey's `voidedCount` goes down by them. Restoring none answers `restored: 0`.",
    auth: ["admin"],
    params: userIdParamsSchema,
    answers: [json("How many votes count again", votesRestoredSchema)],
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/get_payment_info",
    tag: "Admin",
    summary: "List payments",
    description: "One page of payments, newest first.",
    auth: rolesFor("viewPayments"),
    query: pagedQuerySchema,
    answers: [{ ...json("The page's payments", z.array(paymentJsonSchema)), headers: totalCount }],
  },
  {
    method: "GET",
    path: "/api/contact_messages",
    tag: "Admin",
    summary: "List contact messages",
    description: "One page of the contact form's messages, newest first.",
    auth: rolesFor("readContactMessages"),
    query: pagedQuerySchema,
    answers: [{ ...json("The page's messages", z.array(contactMessageJsonSchema)), headers: totalCount }],
  },

  // ---- accounts
  {
    method: "GET",
    path: "/api/me",
    tag: "Account",
    summary: "Who is signed in",
    description: "The caller's name, picture and role for the navigation bar, or `user: null`. Never cached.",
    auth: "public",
    answers: [json("The caller", meSchema)],
  },
  {
    method: "PATCH",
    path: "/api/me",
    tag: "Account",
    summary: "Change my name",
    auth: "signed-in",
    body: { json: updateProfileSchema },
    answers: [json("The caller as they are now", profileSchema)],
    errors: [404],
  },
  {
    method: "DELETE",
    path: "/api/me",
    tag: "Account",
    summary: "Delete my account",
    description:
      "Deletes the caller's account and signs them out; an account with a password sends it (400 without it or when wrong), a Google-only account needs a recent sign-in (403). The last admin cannot leave (409).",
    auth: "signed-in",
    sessionOnly: true,
    body: { json: deleteAccountSchema },
    answers: [json("Deleted", okSchema)],
    errors: [404, 409, 429],
  },
  {
    method: "GET",
    path: "/api/me/export",
    tag: "Account",
    summary: "Export my data",
    description: "Everything the site keeps about the caller, as a JSON file to download.",
    auth: "signed-in",
    answers: [{ status: 200, description: "The export file", media: [{ type: "application/json", schema: { type: "object", description: "The caller's account, surveys, votes, reports, payments and sessions" } }] }],
  },
  {
    method: "POST",
    path: "/api/me/password",
    tag: "Account",
    summary: "Change my password",
    description: "Needs the current password (400 when wrong; 429 after too many tries). Every other session and every API token ends. An account without a password is 409.",
    auth: "signed-in",
    sessionOnly: true,
    body: { json: changePasswordSchema },
    answers: [json("Changed", okSchema)],
    errors: [404, 409, 429],
  },
  {
    method: "POST",
    path: "/api/me/email",
    tag: "Account",
    summary: "Change my email address",
    description:
      "Needs the password. The new address gets a confirmation link and the current one a notice; the address changes when the link's page is confirmed (POST /api/confirm-email). A disposable address, or one under `.invalid` or `.localhost`, is 400; a taken address is 409; at most three links an hour (429); 503 where the site sends no mail.",
    auth: "signed-in",
    body: { json: changeEmailSchema },
    answers: [json("The link is on its way", okMessageSchema)],
    errors: [404, 409, 429, 503],
  },
  {
    method: "POST",
    path: "/api/me/verification-email",
    tag: "Account",
    summary: "Resend my verification link",
    description: "At most three an hour (429). Already verified: 409; 503 where the site sends no mail.",
    auth: "signed-in",
    answers: [json("The link is on its way", okMessageSchema)],
    errors: [404, 409, 429, 503],
  },
  {
    method: "GET",
    path: "/api/me/mail-preferences",
    tag: "Account",
    summary: "My mail preferences",
    description: "Which optional mails the caller receives. Mail about the account itself is always sent.",
    auth: "signed-in",
    answers: [json("The preferences", mailPreferencesAnswerSchema)],
  },
  {
    method: "PATCH",
    path: "/api/me/mail-preferences",
    tag: "Account",
    summary: "Change my mail preferences",
    auth: "signed-in",
    body: { json: mailPreferencesSchema },
    answers: [json("The preferences", mailPreferencesAnswerSchema)],
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/me/sessions",
    tag: "Account",
    summary: "My signed-in browsers",
    auth: "signed-in",
    answers: [json("The sessions", sessionsSchema)],
  },
  {
    method: "DELETE",
    path: "/api/me/sessions",
    tag: "Account",
    summary: "Sign out everywhere else",
    description: "Ends every other session and every API token (by API token: every session, and the token with them).",
    auth: "signed-in",
    body: { json: endOtherSessionsSchema },
    answers: [json("How many ended", sessionsEndedSchema)],
  },
  {
    method: "DELETE",
    path: "/api/me/sessions/{id}",
    tag: "Account",
    summary: "End one session",
    description: "Ends one of the caller's signed-in browsers (any other id is 404).",
    auth: "signed-in",
    params: sessionIdParamsSchema,
    answers: [json("Ended", okSchema)],
  },
  {
    method: "POST",
    path: "/api/password/forgot",
    tag: "Account",
    summary: "Forgot my password",
    description:
      "Mails a reset link (valid 30 minutes) to the address if it has an account. The answer is the same either way, so it tells nobody which addresses have accounts; at most 3 an hour per address and 10 per network (429). Needs a solved proof-of-work (`altcha`): missing, invalid, expired or already used is 400 (`altcha_required`, `altcha_invalid`, `altcha_expired`, `altcha_replayed`) and nothing is sent.",
    auth: "public",
    body: { json: forgotPasswordRequestSchema },
    answers: [json("The same answer for every address", okMessageSchema)],
    errors: [429],
  },
  {
    method: "POST",
    path: "/api/password/reset",
    tag: "Account",
    summary: "Reset my password",
    description:
      "A new password from a mailed link (400 for a link that is invalid, expired, used or retired, checked before any hash; 429 after 10 attempts in 15 minutes from one client; 503 when too many resets are hashing). Every session, API token and mailed link of the account ends.",
    auth: "public",
    body: { json: resetPasswordSchema },
    answers: [json("Changed", okMessageSchema)],
  },
  {
    method: "POST",
    path: "/api/verify-email",
    tag: "Account",
    summary: "Verify my email address",
    description:
      "The `token` of a mailed verification link (the /verify-email page's button sends it: opening the link changes nothing). Verifies the address the link was sent to, if it is still the account's. A used, expired or forged token is 400 and changes nothing.",
    auth: "public",
    body: { json: verifyEmailSchema },
    answers: [json("Verified", okMessageSchema)],
  },
  {
    method: "POST",
    path: "/api/confirm-email",
    tag: "Account",
    summary: "Confirm my new email address",
    description:
      "The `token` of the link mailed to a new address (the /confirm-email page's button sends it: opening the link changes nothing). The account's address becomes it, verified. A used, expired or forged token is 400; an address another account took meanwhile is 409; neither changes anything.",
    auth: "public",
    body: { json: confirmEmailSchema },
    answers: [json("Changed", okMessageSchema)],
    errors: [409],
  },
  {
    method: "POST",
    path: "/api/unsubscribe",
    tag: "Account",
    summary: "Unsubscribe (one click)",
    description:
      "Turns one kind of mail off for the person the signed `token` of a mail's link names, without signing in (RFC 8058 one-click: the body `List-Unsubscribe=One-Click` is not read). A forged or altered token is 400.",
    auth: "none",
    query: unsubscribeQuerySchema,
    body: { raw: "application/x-www-form-urlencoded", schema: { type: "string", description: "`List-Unsubscribe=One-Click`" }, optional: true },
    answers: [json("Done", okMessageSchema)],
    errors: [400],
  },
  {
    method: "POST",
    path: "/api/register",
    tag: "Account",
    summary: "Create an account",
    description:
      "An email-and-password account with its picture, in one request. A taken email is 409; too many accounts from one network is 429. The picture must be a PNG, JPEG, WebP or GIF image (422 otherwise) of at most 5 MB (413) and 25 megapixels (400 on `image`, refused from the header before decoding); a busy server answers 503 with `Retry-After`. A disposable address (a throwaway-inbox domain or a subdomain of one), or one under the reserved `.invalid` or `.localhost` names, is 400. Needs a solved proof-of-work (`altcha`): missing, invalid, expired or already used is 400 (`altcha_required`, `altcha_invalid`, `altcha_expired`, `altcha_replayed`) and nothing is created.",
    auth: "public",
    body: { multipart: registerRequestSchema.extend({ image: z.file().meta({ description: "The profile picture" }) }) },
    answers: [json("Created", insertedSchema, 201)],
    errors: [409, 422, 429, 503],
  },
  {
    method: "POST",
    path: "/api/upload",
    tag: "Account",
    summary: "Replace my picture",
    description:
      "Replaces the caller's profile picture (a PNG, JPEG, WebP or GIF image of at most 5 MB and 25 megapixels: more pixels is 400 on `image`, refused from the header before decoding). One picture per person at a time (429) and a few per server (503), each with `Retry-After`.",
    auth: "signed-in",
    body: { multipart: z.object({ image: z.file().meta({ description: "The new picture" }) }) },
    answers: [json("The picture's address", uploadedPictureSchema)],
    errors: [422, 429, 503],
  },
  {
    method: "GET",
    path: "/api/avatars/{id}",
    tag: "Account",
    summary: "A profile picture",
    description: "A stored picture. Its id never changes content, so it is cached for a year.",
    auth: "public",
    params: avatarIdParamsSchema,
    answers: [{ status: 200, description: "The picture", media: [{ type: "image/*", schema: { type: "string", contentMediaType: "image/*" } }] }],
  },
  {
    method: "POST",
    path: "/api/is_user_exist",
    tag: "Account",
    summary: "Does an account exist",
    description: "Whether an account exists for an email, and its role.",
    auth: "signed-in",
    who: "own email only; admins: any",
    body: { json: isUserExistSchema },
    answers: [json("Whether it exists", userExistSchema)],
  },
  {
    method: "POST",
    path: "/api/user",
    tag: "Account",
    summary: "Register my account record",
    description: "Idempotent: signing in already created the account, so nothing is written. A role other than `user` is refused (403).",
    auth: "signed-in",
    who: "own email only",
    body: { json: createUserSchema },
    answers: [json("Acknowledged", userRecordSchema)],
  },
  {
    method: "POST",
    path: "/api/jwt",
    tag: "Account",
    summary: "Get an API token",
    description:
      "A signed token for the caller, valid one hour, to send as `Authorization: Bearer <token>`. Only a signed-in browser session may ask: a token cannot renew itself (403). Signing out ends every token.",
    auth: "signed-in",
    who: "own email only",
    sessionOnly: true,
    body: { json: jwtRequestSchema },
    answers: [json("The token", apiTokenSchema)],
  },

  // ---- payments
  {
    method: "POST",
    path: "/api/create-payment-intent",
    tag: "Payments",
    summary: "Start the Extended plan payment",
    description:
      "The caller's Stripe PaymentIntent for the Extended plan, always 1600 USD (an `amount` sent is ignored). Voters (`user`) only: other roles 403, pro_user 409. 503 while payments are not configured.",
    auth: "signed-in",
    body: { json: createPaymentIntentSchema },
    answers: [json("The card form's secret", clientSecretSchema)],
    errors: [409, 422, 503],
  },
  {
    method: "POST",
    path: "/api/save-payment",
    tag: "Payments",
    summary: "Record a payment",
    description:
      "Records the caller's payment once Stripe says the intent succeeded, for this person, for 1600 USD; idempotent. The rest of the body is what Stripe says, not what the body says.",
    auth: "signed-in",
    who: "`user.email`, if sent, must be the caller's own",
    body: { json: savePaymentSchema },
    answers: [json("Recorded", savedPaymentSchema)],
    errors: [404, 409, 422, 503],
  },
  {
    method: "POST",
    path: "/api/update_role/{email}",
    tag: "Payments",
    summary: "Confirm a paid upgrade",
    description: "Confirms the upgrade to pro_user that a verified payment earned (403 without one); never a free upgrade.",
    auth: "signed-in",
    who: "that person, or an admin",
    params: emailParamsSchema,
    body: { json: confirmUpgradeSchema },
    answers: [json("Confirmed", acknowledgedUpdateSchema)],
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/stripe/webhook",
    tag: "Payments",
    summary: "Stripe's events",
    description:
      "For Stripe only: the `Stripe-Signature` header over the raw body is the authentication (400 without a valid one). Each event is acted on once; 503 asks Stripe to deliver it again.",
    auth: "none",
    credential: "stripeSignature",
    body: { raw: "application/json", schema: { type: "object", description: "A Stripe event, as Stripe sends it" } },
    answers: [json("Received", webhookOutcomeSchema)],
    errors: [400, 503],
  },

  // ---- proof-of-work
  {
    method: "GET",
    path: "/api/altcha/challenge",
    tag: "Account",
    summary: "A proof-of-work challenge",
    description:
      "A signed ALTCHA challenge (PBKDF2/SHA-256) for the `altcha` field of POST /api/register, /api/contact and /api/password/forgot: solve it (the ALTCHA widget, or altcha-lib's `solveChallenge`) and send base64 of `{ challenge, solution }`. It expires after 10 minutes and each solution is accepted once. `Cache-Control: no-store`; at most 60 a minute per network address (429).",
    auth: "none",
    answers: [json("A new challenge", altchaChallengeSchema)],
    errors: [429],
  },

  // ---- contact
  {
    method: "POST",
    path: "/api/contact",
    tag: "Contact",
    summary: "Send a message",
    description:
      "Stores a message for the admins to read. At most 5 an hour per network address and 5 per email (429). Needs a solved proof-of-work (`altcha`): missing, invalid, expired or already used is 400 (`altcha_required`, `altcha_invalid`, `altcha_expired`, `altcha_replayed`) and nothing is stored.",
    auth: "public",
    body: { json: contactRequestSchema },
    answers: [json("Stored", insertedSchema)],
    errors: [429],
  },

  // ---- operations
  {
    method: "GET",
    path: "/api/health",
    tag: "Operations",
    summary: "Liveness",
    description: "The process answers; nothing else is checked.",
    auth: "none",
    answers: [json("Alive", livenessSchema)],
  },
  {
    method: "GET",
    path: "/api/health/ready",
    tag: "Operations",
    summary: "Readiness",
    description: "Ready when the database answers and every migration is applied; `degraded` (still 200) while a configured Redis is away.",
    auth: "none",
    answers: [json("Ready or degraded", readinessSchema), json("Not ready: send no traffic here", readinessSchema, 503)],
  },
  {
    method: "GET",
    path: "/api/metrics",
    tag: "Operations",
    summary: "Prometheus metrics",
    description: "This server's metrics in Prometheus' text format, for a scraper holding `METRICS_TOKEN`. Without `METRICS_TOKEN` configured the endpoint does not exist (404).",
    auth: "none",
    credential: "metricsToken",
    answers: [{ status: 200, description: "The metrics", media: [{ type: "text/plain", schema: { type: "string" } }] }],
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Operations",
    summary: "This document",
    description: "The OpenAPI 3.1 document of this API, generated at build time from the routes' own schemas.",
    auth: "none",
    outsideWrapper: true,
    answers: [json("The OpenAPI document", z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }))],
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
      json(
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
    answers: [json("The token", z.object({ csrfToken: z.string() }))],
  },
  {
    method: "GET",
    path: "/api/auth/providers",
    tag: "Auth.js",
    summary: "Sign-in providers",
    description: "Auth.js: the ways to sign in (email and password; Google when configured).",
    auth: "public",
    outsideWrapper: true,
    answers: [
      json(
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

/**
 * Route files with no operation: the catch-all that answers every other /api path with the JSON 404
 * (an error shape, not an operation).
 */
export const UNDOCUMENTED_ROUTES: Record<string, string> = {
  "app/api/[...path]/route.ts": "the JSON 404 of every unknown /api path",
};
