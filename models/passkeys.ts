import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAtColumn, idColumn } from "./columns";
import { users } from "./users";

/**
 * A person's passkeys (WebAuthn credentials, lib/accounts/passkeys.ts): what the server needs to check a
 * sign-in with one (the credential's id and public key, its signature counter) and what the account page
 * shows (a name, when it was added and last used, whether it is synced between devices). The private key
 * never leaves the person's authenticator.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: idColumn(),
    userId: belongsTo("user_id", () => users.id),
    // The credential id the authenticator chose (base64url), unique across every account.
    credentialId: text("credential_id").notNull().unique(),
    // The COSE public key (base64url).
    publicKey: text("public_key").notNull(),
    // The authenticator's signature counter (0 for most synced passkeys, which do not count).
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    // How the browser may reach the authenticator again ("internal", "hybrid", "usb"...).
    transports: text("transports").array().notNull().default([]),
    // "singleDevice" or "multiDevice" (synced), and whether it is backed up now.
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    // The person's name for it (at most 60 characters).
    name: text("name").notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId, t.createdAt)],
);

// "second_factor": a passkey asked of a signed-in person (or one past their password) as their second factor.
export const WEBAUTHN_PURPOSES = ["register", "sign_in", "second_factor"] as const;
export type WebauthnPurpose = (typeof WEBAUTHN_PURPOSES)[number];
export const webauthnPurposeEnum = pgEnum("webauthn_purpose", WEBAUTHN_PURPOSES);

/**
 * The challenges handed to browsers for a WebAuthn ceremony: adding a passkey (for one signed-in
 * person) or signing in with one (for anyone). Each is used once: the row is deleted when a response
 * comes back, whether or not it verifies, so a signed response cannot be replayed. Expired rows are
 * refused and purged by a job.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: idColumn(),
    // The random challenge (base64url) the authenticator signs.
    challenge: text("challenge").notNull().unique(),
    purpose: webauthnPurposeEnum("purpose").notNull(),
    // The person adding a passkey; null for a sign-in.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt), index("webauthn_challenges_user_idx").on(t.userId)],
);

export type Passkey = typeof passkeys.$inferSelect;
