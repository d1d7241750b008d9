import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, belongsTo } from "./columns";
import { users } from "./users";

/**
 * Mail waiting to be sent, written in the same transaction as the change that causes it (a
 * verification token, a password reset). A worker on every app server claims due rows with
 * `FOR UPDATE SKIP LOCKED`, sends them over SMTP and marks them sent, retrying with backoff.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: idColumn(),
    // What kind of mail (for logs and metrics), never its content.
    kind: text("kind").notNull(),
    // The account it concerns, so deleting the account deletes its mail too.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    // Extra headers of this mail (List-Unsubscribe and its one-click companion).
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // A worker holds a claimed row until then; after a crash another worker takes it again.
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    // Which worker holds it (host:pid), for an operator looking at a stuck mail.
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    // Given up after the last attempt (kept for the operator to see).
    failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The worker's question: what is due and not yet sent or given up.
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index("mail_outbox_user_idx").on(t.userId),
    index("mail_outbox_sent_idx").on(t.sentAt),
  ],
);

export const EMAIL_TOKEN_PURPOSES = ["verify_email", "reset_password", "change_email"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
export const emailTokenPurposeEnum = pgEnum("email_token_purpose", EMAIL_TOKEN_PURPOSES);

/**
 * The links mailed to people: the token is `{id}.{secret}`, and only the secret's SHA-256 is stored,
 * compared in constant time. Single use (`used_at`), each with its own lifetime.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: idColumn(),
    userId: belongsTo("user_id", () => users.id),
    purpose: emailTokenPurposeEnum("purpose").notNull(),
    secretHash: text("secret_hash").notNull(),
    // The address the link proves: the account's address, or the new one for a change of address.
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    // A verification mail's six-digit code, typed on the check-inbox page instead of opening the link:
    // its hash (keyed by the row), and the wrong tries against it (five end it). Null for other mails.
    codeHash: text("code_hash"),
    codeAttempts: integer("code_attempts").notNull().default(0),
    // Where the person was going when the mail was sent (a survey, with their choice): a path on this
    // site, where the verified page continues, on whatever device the mail is opened.
    continueTo: text("continue_to"),
    createdAt: createdAtColumn(),
  },
  // How many links of a kind a person was sent lately (the resend throttle).
  (t) => [index("email_tokens_user_purpose_idx").on(t.userId, t.purpose, t.createdAt)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type EmailToken = typeof emailTokens.$inferSelect;
