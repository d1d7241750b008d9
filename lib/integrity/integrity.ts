// The integrity panel of a survey's results (its surveyor's results page and the admin's survey
// view): how far its counts can be trusted. One SQL statement over the figures the database keeps in
// the transaction of each vote (lib/integrity/integrity-query.mjs), as fast for 100,000 votes as for 10.
import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";

import { BURST_FACTOR, BURST_MIN_VOTES, BURSTS_SHOWN, INTEGRITY_SQL, SHARED_NETWORK_MIN_SIGNUPS } from "./integrity-query.mjs";

export { BURST_FACTOR, BURST_MIN_VOTES, BURSTS_SHOWN, SHARED_NETWORK_MIN_SIGNUPS };

export const AGE_BUCKETS = ["under1Day", "days1To7", "days7To30", "older"] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export type Integrity = {
  /** Counted votes (voided ones left out). */
  votes: number;
  /** Of them, from accounts whose email address is verified. */
  verifiedVotes: number;
  /** Voters' account age when they voted. */
  accountAge: Record<AgeBucket, number>;
  /** Hours with at least one vote, and the median of their counts. */
  activeHours: number;
  medianPerHour: number;
  /** The busiest hour (null: no votes). */
  peakHour: { hour: Date; votes: number } | null;
  /** The threshold an hour's votes must reach to be a burst: max(BURST_MIN_VOTES, BURST_FACTOR × median). */
  burstThreshold: number;
  /** Hours at or above the threshold, largest first (at most BURSTS_SHOWN), and how many there are in all. */
  bursts: { hour: Date; votes: number }[];
  burstHours: number;
  /** Votes from accounts that signed up from a network shared by ≥ SHARED_NETWORK_MIN_SIGNUPS of the survey's voters. */
  sharedNetworkVotes: number;
  /** How many such networks; the largest one's voters. */
  sharedNetworks: number;
  largestSharedNetwork: number;
  /** Votes voided after review (the survey's counter). */
  voided: number;
};

type Row = {
  votes: number;
  verified: number;
  under1Day: number;
  days1To7: number;
  days7To30: number;
  older: number;
  activeHours: number;
  median: number | null;
  peakHour: string | null;
  peakVotes: number | null;
  threshold: number;
  bursts: { hour: string; votes: number }[] | null;
  burstHours: number;
  sharedVotes: number;
  sharedNetworks: number;
  largestShared: number | null;
  voided: number;
};

/** The integrity figures of one survey; null when there is no such survey. */
export async function integrityOf(surveyId: string): Promise<Integrity | null> {
  const db = await getDb();
  const [row] = await queryRows<Row>(
    db,
    sql.join(INTEGRITY_SQL.split("$1").map((part) => sql.raw(part)), sql`${surveyId}`),
  );
  if (!row) return null;
  return {
    votes: row.votes,
    verifiedVotes: row.verified,
    accountAge: { under1Day: row.under1Day, days1To7: row.days1To7, days7To30: row.days7To30, older: row.older },
    activeHours: row.activeHours,
    medianPerHour: Number(row.median ?? 0),
    peakHour: row.peakHour ? { hour: new Date(row.peakHour), votes: Number(row.peakVotes) } : null,
    burstThreshold: row.threshold,
    bursts: (row.bursts ?? []).map((b) => ({ hour: new Date(b.hour), votes: Number(b.votes) })),
    burstHours: row.burstHours,
    sharedNetworkVotes: row.sharedVotes,
    sharedNetworks: row.sharedNetworks,
    largestSharedNetwork: row.largestShared ?? 0,
    voided: row.voided,
  };
}
