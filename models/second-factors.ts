import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAtColumn, idColumn } from "./columns";
import { users } from "./users";

/**
 * A person's authenticator app (TOTP, RFC 6238; lib/accounts/second-factor.ts). The shared secret is
 * kept encrypted with a key derived from AUTH_SECRET, since the server must read it to check a code.
 * A row without `confirmedAt` is an enrolment begun but not yet confirmed by a code: it counts for
 * nothing. `lastUsedStep` is the time step of the last accepted code: a code is accepted once.
 */
export const totpFactors = pgTable("totp_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAtColumn(),
});

/** Single-use recovery codes, stored hashed: ten at a time, all replaced when regenerated. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: idColumn(),
    userId: belongsTo("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAtColumn(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A sign-in that has passed its first factor elsewhere (Google) and waits for the second: a single-use
 * ticket (stored hashed) that the login page hands back with a code or a passkey. Expires in minutes.
 */
export const secondFactorTickets = pgTable(
  "second_factor_tickets",
  {
    id: idColumn(),
    userId: belongsTo("user_id", () => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    // How the first factor was given ("google").
    method: text("method").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("second_factor_tickets_expires_idx").on(t.expiresAt), index("second_factor_tickets_user_idx").on(t.userId)],
);
