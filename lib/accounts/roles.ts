import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { recordAudit } from "@/lib/moderation/audit";
import { users, type Role } from "@/models";

/**
 * Sets a person's role inside the caller's transaction, only if it is still `from`, with its audit
 * row in the same transaction (`actorId` null: the system acted, as for a paid upgrade or a refund).
 * Answers whether the role changed.
 */
export async function setRole(tx: Tx, change: { userId: string; from: Role; to: Role; actorId: string | null }): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ role: change.to })
    .where(and(eq(users.id, change.userId), eq(users.role, change.from)))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  await recordAudit(tx, { actorId: change.actorId, action: "role_change", targetUserId: change.userId, oldValue: change.from, newValue: change.to });
  return true;
}
