// An admin suspends an account (it can no longer sign in, every session and API token ends at once)
// and voids its votes (kept as rows, counted nowhere). Each change and its audit row commit together.
import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { retireAllEmailTokens } from "@/lib/auth/email-tokens";
import { can } from "@/lib/auth/permissions";
import { getDb, type Tx } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { emit } from "@/lib/events";
import { revokeApiKeys } from "@/lib/integrations/api-keys";
import { recordAudit } from "@/lib/moderation/audit";
import { revokeSessions } from "@/lib/accounts/users";
import { surveys, users, votes } from "@/models";

export const SUSPENDED_MESSAGE = "This account is suspended.";
export const CANNOT_SUSPEND_SELF = "You cannot suspend your own account.";
export const CANNOT_SUSPEND_ADMIN = "Admins cannot be suspended. Change their role first.";
export const NOT_SUSPENDED_VOID = "Only a suspended account's votes can be voided. Suspend the account first.";

export type SuspensionState = { id: string; suspended: boolean; suspendedAt: Date | null; reason: string | null };
export type VoidResult = { id: string; voided: number; surveys: string[] };

/**
 * The acting admin (shared lock: a concurrent role change waits for us, or we for it) and the target
 * (locked for update: two admins acting on one account queue). Refuses non-admins, unknown or deleted
 * accounts, oneself and other admins.
 */
async function lockTarget(tx: Tx, targetId: string, actorId: string, action: "suspend" | "void") {
  const [actor] = await tx.select({ role: users.role }).from(users).where(eq(users.id, actorId)).for("share");
  if (!can(actor?.role, "manageUsers")) throw new ApiError("forbidden", "Only admins can suspend accounts or void votes");
  const [target] = await tx
    .select({ id: users.id, role: users.role, suspendedAt: users.suspendedAt, suspendedReason: users.suspendedReason })
    .from(users)
    .where(and(eq(users.id, targetId), isNull(users.deletedAt)))
    .for("update");
  if (!target) throw notFound("No such user");
  if (action === "suspend") {
    if (target.id === actorId) throw new ApiError("forbidden", CANNOT_SUSPEND_SELF);
    if (can(target.role, "manageUsers")) throw new ApiError("forbidden", CANNOT_SUSPEND_ADMIN);
  }
  return target;
}

const stateOf = (t: { id: string; suspendedAt: Date | null; suspendedReason: string | null }): SuspensionState => ({
  id: t.id,
  suspended: t.suspendedAt !== null,
  suspendedAt: t.suspendedAt,
  reason: t.suspendedReason,
});

/**
 * Suspends an account: it cannot sign in, and every session and API token it holds ends in the same
 * transaction. Suspending a suspended account changes nothing (same answer, no audit row).
 */
export async function suspendUser(targetId: string, reason: string, actorId: string): Promise<SuspensionState & { changed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId, actorId, "suspend");
    if (target.suspendedAt) return { ...stateOf(target), changed: false };
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: sql`now()`, suspendedReason: reason })
      .where(eq(users.id, targetId))
      .returning({ id: users.id, suspendedAt: users.suspendedAt, suspendedReason: users.suspendedReason });
    await revokeSessions(targetId, tx);
    // Links mailed before (a reset, a change of address) must not act for a suspended account, nor its
    // API keys (lifting the suspension does not bring them back).
    await retireAllEmailTokens(tx, targetId);
    await revokeApiKeys(targetId, "The account was suspended", actorId, tx);
    await recordAudit(tx, { actorId, action: "account_suspend", targetUserId: targetId, oldValue: "active", newValue: "suspended", feedback: reason });
    return { ...stateOf(row), changed: true };
  });
}

/** Lifts a suspension (the votes stay voided until restored). Lifting none changes nothing. */
export async function liftSuspension(targetId: string, actorId: string): Promise<SuspensionState & { changed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId, actorId, "void");
    if (!target.suspendedAt) return { ...stateOf(target), changed: false };
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, targetId));
    await recordAudit(tx, { actorId, action: "account_unsuspend", targetUserId: targetId, oldValue: "suspended", newValue: "active", feedback: target.suspendedReason });
    return { id: targetId, suspended: false, suspendedAt: null, reason: null, changed: true };
  });
}

/**
 * Moves an account's votes out of (void) or back into (restore) the counts, in one statement per
 * step inside the caller's transaction: the surveys concerned are locked in id order first (two
 * admins voiding accounts that voted on the same surveys queue instead of deadlocking), then the vote
 * rows are marked and each survey's yes/no counts and voided counter move by exactly those rows.
 */
async function moveVotes(tx: Tx, userId: string, direction: "void" | "restore"): Promise<{ moved: number; surveys: string[] }> {
  const voiding = direction === "void";
  const pending = voiding ? isNull(votes.voidedAt) : isNotNull(votes.voidedAt);
  const affected = await tx
    .select({ id: surveys.id })
    .from(surveys)
    .where(inArray(surveys.id, tx.select({ id: votes.surveyId }).from(votes).where(and(eq(votes.userId, userId), pending))))
    .orderBy(surveys.id)
    .for("update");
  if (affected.length === 0) return { moved: 0, surveys: [] };
  const sign = voiding ? -1 : 1;
  const [result] = await queryRows<{ moved: number }>(tx as never, sql`
    with moved as (
      update ${votes} set voided_at = ${voiding ? sql`now()` : sql`null`}
      where user_id = ${userId}::uuid and ${voiding ? sql`voided_at is null` : sql`voided_at is not null`}
      returning survey_id, vote
    ),
    per_survey as (
      select survey_id, count(*) filter (where vote = 'yes')::int as yes, count(*) filter (where vote = 'no')::int as no
      from moved group by survey_id
    ),
    changed as (
      update ${surveys} s
      set yes_count = s.yes_count + ${sign} * p.yes,
          no_count = s.no_count + ${sign} * p.no,
          voided_count = s.voided_count - ${sign} * (p.yes + p.no)
      from per_survey p where s.id = p.survey_id
      returning s.id
    )
    select (select count(*)::int from moved) as moved, (select count(*)::int from changed) as surveys`);
  return { moved: Number(result?.moved ?? 0), surveys: affected.map((s) => s.id) };
}

/**
 * Voids every not-yet-voided vote of a suspended account (409 otherwise), with one audit row naming
 * the reason and the number voided. Voiding again changes nothing (voided: 0, no audit row). The
 * surveys answered are shown anew everywhere (`votes.voided`, lib/events.ts).
 */
export async function voidVotes(targetId: string, reason: string, actorId: string): Promise<VoidResult> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId, actorId, "void");
    if (!target.suspendedAt) throw new ApiError("conflict", NOT_SUSPENDED_VOID);
    const { moved, surveys: touched } = await moveVotes(tx, targetId, "void");
    if (moved > 0) await recordAudit(tx, { actorId, action: "votes_void", targetUserId: targetId, newValue: String(moved), feedback: reason });
    return { id: targetId, voided: moved, surveys: touched };
  });
  emit({ type: "votes.voided", surveyIds: result.surveys });
  return result;
}

/** Counts an account's voided votes again (audited with the number restored); none: nothing changes. */
export async function restoreVotes(targetId: string, actorId: string): Promise<{ id: string; restored: number; surveys: string[] }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await lockTarget(tx, targetId, actorId, "void");
    const { moved, surveys: touched } = await moveVotes(tx, targetId, "restore");
    if (moved > 0) await recordAudit(tx, { actorId, action: "votes_restore", targetUserId: targetId, newValue: String(moved) });
    return { id: targetId, restored: moved, surveys: touched };
  });
  emit({ type: "votes.restored", surveyIds: result.surveys });
  return result;
}
