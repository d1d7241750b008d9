// The integrity panel's one SQL statement, shared by lib/services/integrity.ts and the benchmark
// (bench/integrity.mjs), so the figure measured is the query the page runs. `$1` is the survey's id.
// Only counted votes (voided_at is null) are read, through votes_survey_counted_idx, each joined to its
// voter by primary key.

/** A burst: an hour with at least this many votes ... */
export const BURST_MIN_VOTES = 10;
/** ... and at least this many times the survey's median hourly rate (hours with votes). */
export const BURST_FACTOR = 5;
/** A shared network: at least this many of the survey's voters signed up from it. */
export const SHARED_NETWORK_MIN_SIGNUPS = 5;
/** The panel lists at most this many burst hours (the largest). */
export const BURSTS_SHOWN = 24;

// Each common table is read once: `counted` (the survey's counted votes with their voters) feeds one
// aggregate for the totals and the account ages, one grouping by hour and one by sign-up network.
export const INTEGRITY_SQL = `with counted as materialized (
      select v.created_at, v.created_at - u.created_at as age, u.email_verified is not null as verified, u.signup_network
      from votes v join users u on u.id = v.user_id
      where v.survey_id = $1::uuid and v.voided_at is null
    ),
    totals as (
      select count(*)::int as votes,
        count(*) filter (where verified)::int as verified,
        count(*) filter (where age < interval '1 day')::int as under1,
        count(*) filter (where age >= interval '1 day' and age < interval '7 days')::int as days1to7,
        count(*) filter (where age >= interval '7 days' and age < interval '30 days')::int as days7to30,
        count(*) filter (where age >= interval '30 days')::int as older
      from counted
    ),
    hours as materialized (
      select date_trunc('hour', created_at) as hour, count(*)::int as n from counted group by 1
    ),
    hour_stats as (
      select count(*)::int as active, coalesce(percentile_cont(0.5) within group (order by n), 0)::float8 as median from hours
    ),
    limits as (
      select greatest(${BURST_MIN_VOTES}, ceil(${BURST_FACTOR} * median))::int as threshold from hour_stats
    ),
    bursts as materialized (
      select hour, n from hours where n >= (select threshold from limits)
    ),
    nets as materialized (
      select count(*)::int as n from counted where signup_network is not null
      group by signup_network having count(*) >= ${SHARED_NETWORK_MIN_SIGNUPS}
    ),
    peak as (select hour, n from hours order by n desc, hour limit 1)
    select s.voided_count as "voided",
      t.votes as "votes", t.verified as "verified",
      t.under1 as "under1Day", t.days1to7 as "days1To7", t.days7to30 as "days7To30", t.older as "older",
      h.active as "activeHours", h.median as "median",
      (select to_json(hour) #>> '{}' from peak) as "peakHour",
      (select n from peak) as "peakVotes",
      (select threshold from limits) as "threshold",
      (select json_agg(json_build_object('hour', hour, 'votes', n) order by n desc, hour)
         from (select hour, n from bursts order by n desc, hour limit ${BURSTS_SHOWN}) b) as "bursts",
      (select count(*)::int from bursts) as "burstHours",
      (select coalesce(sum(n), 0)::int from nets) as "sharedVotes",
      (select count(*)::int from nets) as "sharedNetworks",
      (select max(n) from nets) as "largestShared"
    from surveys s, totals t, hour_stats h
    where s.id = $1::uuid`;
