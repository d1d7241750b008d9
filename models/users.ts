import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, belongsTo } from "./columns";
import { roleEnum } from "./enums";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const users = pgTable(
  "users",
  {
    id: idColumn(),
    name: text("name"),
    // Always stored lower-case; the unique index below is on lower(email) as a second line of defence.
    email: text("email").notNull(),
    emailVerified: timestamp("email_verified", { withTimezone: true, mode: "date" }),
    image: text("image"),
    role: roleEnum("role").notNull().default("user"),
    // Null for accounts that only sign in with Google.
    passwordHash: text("password_hash"),
    // Carried in every session cookie and API token; raised by signing out, which ends them all.
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: createdAtColumn(),
    // Set when the person deleted their account: the row stays (anonymised) so their votes still count.
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    // Mail preferences (the account page; every such mail's unsubscribe link turns its kind off): the
    // results of surveys the person asked for, and, for surveyors, news of their own surveys.
    mailResults: boolean("mail_results").notNull().default(true),
    mailSurveyNews: boolean("mail_survey_news").notNull().default(true),
    // A notice when the account signs in from a browser it has not used before (opt-out).
    mailSignInNotices: boolean("mail_sign_in_notices").notNull().default(true),
    // A keyed hash of the network the account was created from (lib/integrity/network-hash.ts), never the
    // address: the integrity panel counts voters who signed up from one network.
    signupNetwork: text("signup_network"),
    // Set by an admin (lib/moderation/suspension.ts): the account cannot sign in and its sessions are ended.
    suspendedAt: timestamp("suspended_at", { withTimezone: true, mode: "date" }),
    suspendedReason: text("suspended_reason"),
    // The language the person reads the site and their mail in (lib/i18n/locales.mjs): the page's
    // language when they registered, then their choice on the switcher or the account page.
    locale: text("locale").notNull().default("en"),
  },
  (t) => [
    check("users_locale_known", sql`${t.locale} in ('en', 'es', 'de')`),
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role),
    // The admin's user list: one role, in email order, one page at a time.
    index("users_role_email_idx").on(t.role, sql`lower(${t.email})`),
    // Prefix search by email or name (`like 'ab%'`) whatever the database's collation.
    index("users_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("users_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/**
 * The accounts (deleted ones left out) counted per stretch of the email order and role, kept by a trigger
 * on users (migration 0024_user_email_buckets) in the transaction of each change: a stretch holds the
 * emails from its `bound` (a `lower(email)`; the first stretch's is '') up to the next stretch's. Manage
 * Users' page N adds these counts up to its offset and walks the email index from the stretch it falls
 * in, so page 5,000 of 10,000 reads a few hundred counts and at most a stretch of accounts instead of
 * the 100,000 before it. The stretches are drawn again, about 1,000 accounts each, by
 * `recount_user_email_buckets()` (the migration, and `recount_row_counts()` after a bulk load); between
 * two, a stretch only grows or shrinks, so its counts stay exact.
 */
export const userEmailBuckets = pgTable(
  "user_email_buckets",
  {
    bound: text("bound").notNull(),
    role: roleEnum("role").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bound, t.role] })],
);

// Auth.js adapter tables (https://authjs.dev/getting-started/adapters/drizzle).
export const accounts = pgTable(
  "accounts",
  {
    userId: belongsTo("user_id", () => users.id),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const sessions = pgTable("sessions", {
  sessionToken: text("session_token").primaryKey(),
  userId: belongsTo("user_id", () => users.id),
  expires: timestamp("expires", { withTimezone: true, mode: "date" }).notNull(),
});

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: timestamp("expires", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

/**
 * One row per signed-in browser: the session cookie carries its id (`sid`), and every request checks
 * that the row is still there and not revoked, so a person can end one device's session from another.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: idColumn(),
    userId: belongsTo("user_id", () => users.id),
    userAgent: text("user_agent"),
    createdAt: createdAtColumn(),
    // Approximate: refreshed at most every few minutes.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    // How this browser signed in ("password", "password+totp", "password+recovery_code",
    // "password+passkey", "passkey", "google", "google+totp"...); null for sessions from before it was kept.
    signInMethod: text("sign_in_method"),
    // When this session last proved a second factor (at sign-in or since, for the gravest actions).
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId, t.lastSeenAt.desc())],
);

// Profile pictures live in the database so any number of app servers can serve them.
export const avatars = pgTable("avatars", {
  id: idColumn(),
  bytes: bytea("bytes").notNull(),
  contentType: text("content_type").notNull(),
  createdAt: createdAtColumn(),
});

// One row per hit of a limit counted in a window (lib/limits/table.ts: sign-in failures, registrations,
// resets, contact messages, proof-of-work challenges, votes...), in the database so every app server
// shares the count. Named auth_failures until migration 0015.
export const limitHits = pgTable(
  "limit_hits",
  {
    id: idColumn(),
    // The limit's prefix and what it keys on: `email:{address}`, `ip:{client}`, `vote:{user id}`, `site:auth`.
    key: text("key").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("limit_hits_key_time_idx").on(t.key, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type UserSession = typeof userSessions.$inferSelect;
export type NewUser = typeof users.$inferInsert;
