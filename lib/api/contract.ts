// The REST contract's shapes: the first implementation's field names (`_id`, `timestamp`, …), kept
// so its clients cannot tell the difference. Services answer plain rows; routes shape them here.
// Each answer is also a zod schema, the one the API reference (lib/api/openapi/) publishes; the
// builders below are typed by them, so a field added to an answer must be added to its schema too.
import { isClosed } from "@/lib/dates";
import { resultsHidden, visibleCounts, visibleVoided, type ResultsViewer } from "@/lib/surveys/results-visibility";
import type { PaymentRow } from "@/lib/payments/payments";
import type { PublicSurvey } from "@/lib/surveys/queries";
import type { FeedbackRow } from "@/lib/surveys/workspace";
import { secondFactorStateSchema } from "@/lib/accounts/second-factor-schema";
import { surveyFieldValues } from "@/lib/surveys/schema";
import { z } from "@/lib/validation/zod";
import { VERDICTS } from "@/lib/surveys/stats";
import { CATEGORIES, RESULTS_VISIBILITIES, ROLES, SURVEY_STATUSES, VOTE_VALUES, type Role } from "@/models/enums";
import { ERROR_STATUS, type ErrorCode } from "./errors";

const id = z.uuid();
const count = z.int().min(0);
const day = z.iso.date().meta({ description: "A calendar date, YYYY-MM-DD" });
const instant = z.iso.datetime();
const category = z.enum(CATEGORIES);
const surveyStatus = z.enum(SURVEY_STATUSES);
const vote = z.enum(VOTE_VALUES);
const role = z.enum(ROLES);

// ---- errors

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The error answer of every route, `{ error: { code, message, issues?, requestId? } }`; `codes` narrows `code`. */
export function errorBodySchema(codes: readonly ErrorCode[] = ERROR_CODES) {
  return z.object({
    error: z.object({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string().meta({ description: "For people: says what was wrong" }),
      issues: z
        .array(z.object({ path: z.string().meta({ description: "The field, dotted (`user.email`); empty for the whole input" }), message: z.string() }))
        .optional()
        .meta({ description: "Every invalid field, for a refused input" }),
      requestId: z.string().optional().meta({ description: "The server's log line for this request; also in the X-Request-Id header" }),
    }),
  });
}

// ---- surveys

const share = z.number().min(0).max(1);
export const statsSchema = z
  .object({
    n: count.meta({ description: "Votes in all" }),
    yesShare: share.nullable().meta({ description: "yes / n; null when nobody voted" }),
    low: share.meta({ description: "The 95% Wilson score interval of the yes share: its lower end" }),
    high: share.meta({ description: "…and its upper end (0 and 1 when nobody voted)" }),
    verdict: z.enum(VERDICTS).meta({
      description:
        "“Yes leads” or “No leads” when the whole interval is on that side of 50%; “Too close to call” when it contains 50%; “Too few votes to tell” below 10 votes. The site says it with its reason, e.g. “Too close to call: that range includes 50%, so either answer could be the majority.”",
    }),
  })
  .meta({ id: "ResultStats" });

/** The counts a viewer may see; all null (and `resultsHidden`) while a survey keeps its results until its deadline. */
const visibleCountFields = {
  yesCount: count.nullable(),
  noCount: count.nullable(),
  stats: statsSchema.nullable(),
  resultsHidden: z.boolean().meta({ description: "The survey shows its results after its deadline, and this caller may not see them yet" }),
};

export const surveyJsonSchema = z
  .object({
    _id: id,
    title: z.string(),
    description: z.string(),
    category,
    deadline: day.meta({ description: "The last day of voting, in the site's time zone" }),
    createdAt: instant,
    questionTitle: z.string(),
    questionDescription: z.string(),
    status: surveyStatus,
    ...visibleCountFields,
    totalVotes: count.nullable(),
    voidedCount: count.nullable().meta({ description: "Votes voided after review (accounts an admin suspended); not in the counts. Null with them while they are hidden" }),
    surveyorEmail: z.string().nullable().meta({
      description:
        "The surveyor's address: only to the survey's own surveyor and to admins (answered `private, no-store`); null for everyone else, signed in or not. The field is always present",
    }),
    resultsVisibility: z.enum(RESULTS_VISIBILITIES).meta({ description: "Who sees the counts while the survey is open" }),
  })
  .meta({ id: "Survey", description: "A survey. Voter lists, comments, reports and feedback are never part of it." });
export type SurveyJson = z.output<typeof surveyJsonSchema>;

/**
 * A survey. Voter lists, comments, reports and feedback are never part of it. `hidden`: its counts
 * are withheld from this viewer (lib/surveys/results-visibility.ts): `yesCount`, `noCount`, `totalVotes`,
 * `voidedCount` and `stats` are then null, and `resultsHidden` says why. `surveyorEmail`: the address this viewer may
 * see (`surveyorEmailsFor`: the owner's own, any for an admin), else null; the field is always there.
 */
export function toSurveyJson(survey: PublicSurvey, hidden: boolean, surveyorEmail: string | null): SurveyJson {
  const { yesCount, noCount, stats, resultsHidden: withheld } = visibleCounts(survey, hidden);
  return {
    _id: survey.id,
    // The fields the surveyor wrote, as the form's list has them (lib/surveys/schema.ts).
    ...surveyFieldValues(survey),
    createdAt: survey.createdAt,
    status: survey.status,
    yesCount,
    noCount,
    totalVotes: yesCount === null ? null : yesCount + noCount,
    voidedCount: visibleVoided(survey.voidedCount, hidden),
    surveyorEmail,
    // Added: whether this answer withholds the counts, and the result with its uncertainty (lib/surveys/stats.ts).
    resultsHidden: withheld,
    stats,
  };
}

/**
 * `toSurveyJson` for one viewer (null: the public) on `today` (a day in APP_TIME_ZONE), for lists;
 * `emails`: the surveyors' addresses this viewer may see (`surveyorEmailsFor`).
 */
export const surveyJsonFor = (viewer: ResultsViewer, today: string, emails: ReadonlyMap<string, string>) => (survey: PublicSurvey) =>
  toSurveyJson(survey, resultsHidden(survey, isClosed(survey.deadline, today), viewer), emails.get(survey.surveyorId) ?? null);

/** GET /api/surveys/{email}: a surveyor's own surveys carry the admin's feedback. */
export const ownSurveyJsonSchema = surveyJsonSchema
  .extend({ feedback: z.string().nullable().meta({ description: "An admin's last feedback, kept when the survey is published again" }) })
  .meta({ id: "OwnSurvey" });

export const surveyResultsSchema = z
  .object({ ...visibleCountFields, total: count.nullable(), deadlinePassed: z.boolean() })
  .meta({ id: "SurveyResults" });

export const votingStateSchema = z
  .object({
    questionTitle: z.string(),
    questionDescription: z.string(),
    ...visibleCountFields,
    resultsVisibility: z.enum(RESULTS_VISIBILITIES),
    deadlinePassed: z.boolean(),
    open: z.boolean(),
    signedIn: z.boolean(),
    canVote: z.boolean(),
    canComment: z.boolean(),
    myVote: z.object({ vote, comment: z.string().nullable() }).nullable(),
    reported: z.boolean(),
    emailUnverified: z.boolean().meta({ description: "The caller may vote by role but must verify their address first" }),
    resultMail: z.boolean().meta({ description: "The site sends mail: a vote may ask for the result by email" }),
  })
  .meta({ id: "VotingState" });

export const voteResultSchema = z.object({
  acknowledged: z.literal(true),
  matchedCount: z.literal(1),
  modifiedCount: z.literal(1),
  vote,
  comment: z.string().nullable(),
  ...visibleCountFields,
});

/** A survey the caller voted on (POST /api/get_participated_survey), with their own vote. */
export const participatedSurveySchema = z
  .object({
    _id: id,
    title: z.string(),
    description: z.string(),
    category,
    deadline: day,
    status: surveyStatus,
    questionTitle: z.string(),
    questionDescription: z.string(),
    vote,
    comment: z.string().nullable(),
    votedAt: instant,
  })
  .meta({ id: "ParticipatedSurvey" });

/** POST /api/get_commented_surveys: the caller's own comment, in the original's array form. */
export const commentedSurveySchema = participatedSurveySchema
  .extend({ comment: z.array(z.object({ userEmail: z.string(), comment: z.string().nullable() })).length(1) })
  .meta({ id: "CommentedSurvey" });

export const reportedSurveySchema = z
  .object({ _id: id, title: z.string(), description: z.string(), category, status: surveyStatus, reportedAt: instant })
  .meta({ id: "ReportedSurvey" });

export const votersPageSchema = z
  .object({
    total: count,
    page: z.int().min(1),
    limit: z.int().min(1),
    voters: z.array(z.object({ userName: z.string().nullable(), userEmail: z.string(), vote, comment: z.string().nullable(), createdAt: instant })),
  })
  .meta({ id: "VotersPage" });

export const feedbackJsonSchema = z
  .object({ _id: id, title: z.string(), description: z.string(), status: surveyStatus, feedback: z.string() })
  .meta({ id: "Feedback" });

export function toFeedbackJson(s: FeedbackRow): z.output<typeof feedbackJsonSchema> {
  return { _id: s.id, title: s.title, description: s.description, status: s.status, feedback: s.feedback };
}

// ---- people

export const userJsonSchema = z
  .object({
    _id: id,
    email: z.string(),
    role,
    name: z.string().nullable(),
    emailVerified: z.boolean().optional().meta({ description: "Whether the address is verified (the admin's list)" }),
    suspended: z.boolean().optional().meta({ description: "Whether an admin suspended the account (the admin's list)" }),
  })
  .meta({ id: "User", description: "A person as the admin's list and the existence check show them: never a password hash." });

/** A person as the admin's list and the existence check show them: never a password hash. */
export function toUserJson(user: {
  id: string;
  email: string;
  role: Role;
  name: string | null;
  emailVerified?: Date | null;
  suspendedAt?: Date | null;
}): z.output<typeof userJsonSchema> {
  return {
    _id: user.id,
    email: user.email,
    role: user.role,
    name: user.name,
    ...(user.emailVerified !== undefined ? { emailVerified: user.emailVerified !== null } : {}),
    ...(user.suspendedAt !== undefined ? { suspended: user.suspendedAt !== null } : {}),
  };
}

const profile = { id, email: z.string(), name: z.string().nullable(), image: z.string().nullable(), role };

export const meSchema = z.object({
  user: z
    .object({
      ...profile,
      emailVerified: z.boolean(),
      verificationRequired: z.boolean().meta({ description: "Whether this site asks for a verified address before voting and reporting" }),
      secondFactor: secondFactorStateSchema,
    })
    .nullable()
    .meta({ description: "Null when no one is signed in" }),
});

/** PATCH /api/me: the caller as they are now. */
export const profileSchema = z.object({ user: z.object(profile) });

export const sessionsSchema = z.object({
  sessions: z.array(
    z.object({
      id,
      browser: z.string(),
      os: z.string(),
      createdAt: instant,
      lastSeenAt: instant,
      current: z.boolean().meta({ description: "The browser asking" }),
      signInMethod: z
        .string()
        .nullable()
        .meta({ description: 'How it signed in: "password", "password+totp", "passkey", "google"…; null for a session from before this was kept' }),
    }),
  ),
  total: count,
  limit: z.int().meta({ description: "At most this many are listed, most recently used first" }),
});

export const mailPreferencesAnswerSchema = z.object({
  preferences: z.object({
    results: z.boolean().meta({ description: "The results of surveys the person asked about" }),
    surveyNews: z.boolean().meta({ description: "News of the person's own surveys" }),
    signInNotices: z.boolean().meta({ description: "A notice when the account signs in from a browser it has not used before" }),
  }),
});

// ---- payments and messages

export const paymentJsonSchema = z
  .object({
    _id: id,
    paymentIntentId: z.string(),
    amount: z.int().meta({ description: "In the currency's smallest unit (1600 usd is $16.00)" }),
    currency: z.string(),
    userName: z.string().nullable(),
    userEmail: z.string(),
    timestamp: instant,
  })
  .meta({ id: "Payment" });

/** A payment, with `timestamp` as its date field. */
export function toPaymentJson(p: PaymentRow): z.output<typeof paymentJsonSchema> {
  return {
    _id: p.id,
    paymentIntentId: p.paymentIntentId,
    amount: p.amount,
    currency: p.currency,
    userName: p.userName,
    userEmail: p.userEmail,
    timestamp: p.createdAt.toISOString(),
  };
}

/** A row with its `id` named `_id`, every other field as it is. */
export function withMongoId<T extends { id: string }>({ id: rowId, ...rest }: T): Omit<T, "id"> & { _id: string } {
  return { _id: rowId, ...rest };
}

// ---- the other answers

export const okSchema = z.object({ ok: z.literal(true) });
export const okMessageSchema = z.object({ ok: z.literal(true), message: z.string().meta({ description: "For people: what happens next" }) });
/** A verified address: where the person was going when the mail was sent, for the page to continue to. */
export const verifiedSchema = okMessageSchema.extend({
  continueTo: z.string().nullable().meta({ description: "A path on this site to continue to (a survey, with the answer chosen), or null" }),
});
export const suspensionStateSchema = z
  .object({
    id,
    suspended: z.boolean(),
    suspendedAt: instant.nullable(),
    reason: z.string().nullable().meta({ description: "Why, as the admin who suspended the account wrote it" }),
    changed: z.boolean().meta({ description: "false: the account already was in that state (nothing changed, nothing audited)" }),
  })
  .meta({ id: "SuspensionState" });
export const votesVoidedSchema = z.object({
  id,
  voided: count.meta({ description: "Votes voided now (0 when already voided: nothing changed)" }),
  surveys: count.meta({ description: "Surveys whose counts changed" }),
});
export const votesRestoredSchema = z.object({
  id,
  restored: count.meta({ description: "Votes counted again now (0: nothing was voided)" }),
  surveys: count.meta({ description: "Surveys whose counts changed" }),
});
export const sessionsEndedSchema = z.object({ ended: count.meta({ description: "How many sessions ended" }) });
export const oembedSchema = z.object({
  version: z.literal("1.0"),
  type: z.literal("rich"),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.int(),
  width: z.int(),
  height: z.int(),
  html: z.string().meta({ description: "The embed snippet: an iframe of the survey's embed page" }),
});

export const insertedSchema = z.object({ insertedId: id });
const hexString = z.string().regex(/^[0-9a-f]+$/);
/** GET /api/altcha/challenge: an ALTCHA (proof-of-work v2) challenge, signed; the widget solves it. */
export const altchaChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: z.literal("PBKDF2/SHA-256"),
      nonce: hexString,
      salt: hexString,
      cost: z.number().int().meta({ description: "PBKDF2 iterations per attempt" }),
      keyLength: z.number().int(),
      keyPrefix: hexString.meta({ description: "The derived key the solver must find starts with this" }),
      keySignature: hexString,
      expiresAt: z.number().int().meta({ description: "Unix time (seconds) after which a solution is refused (`altcha_expired`)" }),
    }),
    signature: hexString.meta({ description: "HMAC-SHA-256 of the parameters; also the id under which a solution is accepted once" }),
  })
  .meta({ id: "AltchaChallenge" });
export const modifiedSchema = z.object({ modifiedCount: z.union([z.literal(0), z.literal(1)]) });
export const acknowledgedUpdateSchema = z.object({ acknowledged: z.literal(true), matchedCount: count, modifiedCount: count });
export const reportResultSchema = z.object({ acknowledged: z.literal(true), matchedCount: z.literal(1), modifiedCount: z.literal(1), insertedId: id });
export const createdSurveySchema = z.object({ acknowledged: z.literal(true), insertedId: id });
export const userExistSchema = z.union([z.object({ userExist: z.literal(false) }), z.object({ userExist: z.literal(true), result: userJsonSchema })]);
export const userRecordSchema = z.object({ acknowledged: z.literal(true), insertedId: z.null(), userExist: z.literal(true) });
export const apiTokenSchema = z.object({
  token: z.string().meta({ description: "Send it as `Authorization: Bearer <token>`" }),
  expiresAt: instant,
});
export const uploadedPictureSchema = z.object({ data: z.object({ display_url: z.url() }) });
export const clientSecretSchema = z.object({ clientSecret: z.string() });
export const savedPaymentSchema = z.object({
  acknowledged: z.literal(true),
  message: z.string(),
  paymentIntentId: z.string(),
  created: z.boolean().meta({ description: "True only for the call that recorded the payment" }),
  role: role.nullable().meta({ description: "The payer's role after this call" }),
});
export const webhookOutcomeSchema = z.object({ received: z.literal(true), handled: z.boolean(), detail: z.string().optional() });
export const livenessSchema = z.object({ status: z.literal("ok") });
export const readinessSchema = z.object({
  status: z.enum(["ready", "degraded", "unavailable"]),
  checks: z.object({
    database: z.enum(["ok", "unavailable"]),
    migrations: z.enum(["ok", "pending", "unknown"]),
    redis: z.enum(["ok", "unavailable", "not configured"]),
    stopping: z.boolean(),
  }),
  degraded: z.array(z.string()).optional().meta({ description: "What works less well while the server still serves, in words (with `degraded`)" }),
});
