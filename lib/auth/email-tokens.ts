import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { isUuid } from "@/lib/auth/guards";
import type { Tx } from "@/lib/db";
import { emailTokens, type EmailToken, type EmailTokenPurpose } from "@/models";

// The links mailed to people (verify an address, reset a password, confirm a new address). A token
// is `{row id}.{secret}`: 256 random bits of secret, of which only the SHA-256 is stored, compared
// in constant time; each works once and for its own lifetime.

export const TOKEN_LIFETIME_MINUTES: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60,
  reset_password: 30,
  change_email: 24 * 60,
};

const SECRET = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new single-use token for one person and purpose; the string goes into the mailed link only. */
export async function issueEmailToken(tx: Tx, input: { userId: string; purpose: EmailTokenPurpose; email: string }): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  const [row] = await tx
    .insert(emailTokens)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      email: input.email,
      secretHash: hashOf(secret),
      expiresAt: sql`now() + make_interval(mins => ${TOKEN_LIFETIME_MINUTES[input.purpose]})`,
    })
    .returning({ id: emailTokens.id });
  return `${row.id}.${secret}`;
}

/** A well-formed token string (what a form or query may carry); says nothing of its validity. */
export const TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

export type TokenCheck = { ok: true; token: EmailToken } | { ok: false; reason: "invalid" | "expired" | "used"; token?: EmailToken };

/**
 * Uses a token of this purpose: marks it used in the caller's transaction (row locked, so two
 * clicks cannot both use it) and answers its row. An unknown, forged or other-purpose token is
 * "invalid"; a real one that ran out or was used says so, with its row (to offer a new mail).
 */
export async function useEmailToken(tx: Tx, token: string, purpose: EmailTokenPurpose): Promise<TokenCheck> {
  const [id, secret] = token.split(".");
  if (!id || !secret || !isUuid(id) || !SECRET.test(secret)) return { ok: false, reason: "invalid" };
  const [row] = await tx.select().from(emailTokens).where(eq(emailTokens.id, id)).for("update");
  const expected = Buffer.from(row?.secretHash ?? hashOf("decoy"), "hex");
  const given = Buffer.from(hashOf(secret), "hex");
  if (!row || !timingSafeEqual(expected, given) || row.purpose !== purpose) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used", token: row };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired", token: row };
  await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, id));
  return { ok: true, token: row };
}

/** Tokens of a purpose a person was sent in the last `minutes` (the resend throttle). */
export async function tokensSentRecently(tx: Tx, userId: string, purpose: EmailTokenPurpose, minutes: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
  return row?.n ?? 0;
}

/** Ends a person's unused tokens of a purpose (a new password makes older reset links useless). */
export async function retireEmailTokens(tx: Tx, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), sql`${emailTokens.usedAt} is null`));
}
