// The integrity panel of a survey's results (its surveyor's results page and the admin's survey
// view): how far its counts can be trusted. One SQL statement over the survey's counted votes
// (index votes_survey_counted_idx, voided votes left out) joined to their voters by primary key.
import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";

/** A burst: an hour with at least this many votes ... */
export const BURST_MIN_VOTES = 10;
/** ... and at least this many times the survey's median hourly rate. */
export const BURST_FACTOR = 5;
/** A shared network: at least this many of the survey's voters signed up from it. */
export const SHARED_NETWORK_MIN_SIGNUPS = 5;
/** The panel lists at most this many burst hours (the largest). */
export const BURSTS_SHOWN = 24;

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
    sql`with counted as materialized (
          select v.created_at, u.created_at as account_created, u.email_verified is not null as verified, u.signup_network
          from votes v join users u on u.id = v.user_id
          where v.survey_id = ${surveyId}::uuid and v.voided_at is null
        ),
        hours as materialized (
          select date_trunc('hour', created_at) as hour, count(*)::int as n from counted group by 1
        ),
        rate as (
          select coalesce(percentile_cont(0.5) within group (order by n), 0)::float8 as median from hours
        ),
        limits as (
          select greatest(${BURST_MIN_VOTES}, ceil(${BURST_FACTOR} * median))::int as threshold, median from rate
        ),
        nets as (
          select count(*)::int as n from counted where signup_network is not null
          group by signup_network having count(*) >= ${SHARED_NETWORK_MIN_SIGNUPS}
        ),
        peak as (select hour, n from hours order by n desc, hour limit 1)
        select s.voided_count as "voided",
          (select count(*)::int from counted) as "votes",
          (select count(*) filter (where verified)::int from counted) as "verified",
          (select count(*) filter (where created_at - account_created < interval '1 day')::int from counted) as "under1Day",
          (select count(*) filter (where created_at - account_created >= interval '1 day' and created_at - account_created < interval '7 days')::int from counted) as "days1To7",
          (select count(*) filter (where created_at - account_created >= interval '7 days' and created_at - account_created < interval '30 days')::int from counted) as "days7To30",
          (select count(*) filter (where created_at - account_created >= interval '30 days')::int from counted) as "older",
          (select count(*)::int from hours) as "activeHours",
          (select median from limits) as "median",
          (select to_json(hour) #>> '{}' from peak) as "peakHour",
          (select n from peak) as "peakVotes",
          (select threshold from limits) as "threshold",
          (select json_agg(json_build_object('hour', hour, 'votes', n) order by n desc, hour)
             from (select hour, n from hours, limits where n >= threshold order by n desc, hour limit ${BURSTS_SHOWN}) b) as "bursts",
          (select count(*)::int from hours, limits where n >= threshold) as "burstHours",
          (select coalesce(sum(n), 0)::int from nets) as "sharedVotes",
          (select count(*)::int from nets) as "sharedNetworks",
          (select max(n) from nets) as "largestShared"
        from surveys s where s.id = ${surveyId}::uuid`,
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
