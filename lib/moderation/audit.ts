import "server-only";
import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Tx } from "@/lib/db";
import type { AuditRow } from "@/lib/moderation/audit-text";
import { auditEvents, surveys, users, type AuditAction } from "@/models";

export type AuditEntryInput = {
  /** The admin who acted; null when the system acted (a paid upgrade to pro_user). */
  actorId: string | null;
  action: AuditAction;
  targetUserId?: string | null;
  targetSurveyId?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  feedback?: string | null;
};

/**
 * Writes one audit row inside the caller's transaction, so the change and its record commit or roll
 * back together.
 */
export async function recordAudit(tx: Tx, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    targetSurveyId: entry.targetSurveyId ?? null,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    feedback: entry.feedback ?? null,
  });
}

/** An audit row with the names behind its ids; in words: `describeAuditEvent` (lib/moderation/audit-text.ts). */
export type AuditEntry = AuditRow & { id: string; createdAt: Date; actorName: string | null };

export const AUDIT_LATEST_MAX = 50;

/** The latest audit entries, newest first, with the names behind the ids. */
export async function listLatestAudit(limit = 10): Promise<AuditEntry[]> {
  const db = await getDb();
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      createdAt: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorEmail: actor.email,
      actorName: actor.name,
      targetUserId: auditEvents.targetUserId,
      targetUserEmail: target.email,
      targetSurveyId: auditEvents.targetSurveyId,
      targetSurveyTitle: surveys.title,
      oldValue: auditEvents.oldValue,
      newValue: auditEvents.newValue,
      feedback: auditEvents.feedback,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(target, eq(target.id, auditEvents.targetUserId))
    .leftJoin(surveys, eq(surveys.id, auditEvents.targetSurveyId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(Math.min(Math.max(1, limit), AUDIT_LATEST_MAX));
}
