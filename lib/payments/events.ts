import "server-only";
import type { Tx } from "@/lib/db";
import { stripeEvents } from "@/models";

export type StripeEventRef = { id: string; type: string };

/**
 * Claims a Stripe event inside the transaction that applies its effects: false when it was already
 * processed (a retry or a duplicate delivery), so its effects are applied once. Concurrent deliveries
 * wait on the primary key until the first commits, then see it as done.
 */
export async function claimEvent(tx: Tx, event: StripeEventRef | undefined): Promise<boolean> {
  if (!event) return true;
  const claimed = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return claimed.length > 0;
}
