// The integrity panel's one SQL statement, shared by lib/integrity/integrity.ts and the benchmark
// (bench/integrity.mjs), so the figure measured is the query the page runs. `$1` is the survey's id.
// It reads only figures the database keeps in the transaction of each vote (migrations
// 0011_scale_indexes, 0012_voided_vote_buckets, 0013_integrity_counters): one row of totals and account
// ages, the survey's quarter hours (at most 96 a day, however many votes) and its shared sign-up
// networks through a partial index, so its cost does not grow with the number of votes.
// INTEGRITY_RECOUNT_SQL computes the same figures from the raw rows (every counted vote joined to its
// voter): the tests and the benchmark check the kept figures against it.

/** A burst: an hour with at least this many votes ... */
export const BURST_MIN_VOTES = 10;
/** ... and at least this many times the survey's median hourly rate (hours with votes). */
export const BURST_FACTOR = 5;
/** A shared network: at least this many of the survey's voters signed up from it. */
export const SHARED_NETWORK_MIN_SIGNUPS = 5;
/** The panel lists at most this many burst hours (the largest). */
export const BURSTS_SHOWN = 24;

// What both statements derive alike from `hours` (the survey's votes per hour) and `nets` (the votes of
// each of its shared sign-up networks): the median and the burst threshold, the bursts, the peak hour.
const FROM_HOURS = `hour_stats as (
      select count(*)::int as active, coalesce(percentile_cont(0.5) within group (order by n), 0)::float8 as median from hours
    ),
    limits as (
      select greatest(${BURST_MIN_VOTES}, ceil(${BURST_FACTOR} * median))::int as threshold from hour_stats
    ),
    bursts as materialized (
      select hour, n from hours where n >= (select threshold from limits)
    ),`;
const PEAK = `peak as (select hour, n from hours order by n desc, hour limit 1)`;
const DERIVED_COLUMNS = `h.active as "activeHours", h.median as "median",
      (select to_json(hour) #>> '{}' from peak) as "peakHour",
      (select n from peak) as "peakVotes",
      (select threshold from limits) as "threshold",
      (select json_agg(json_build_object('hour', hour, 'votes', n) order by n desc, hour)
         from (select hour, n from bursts order by n desc, hour limit ${BURSTS_SHOWN}) b) as "bursts",
      (select count(*)::int from bursts) as "burstHours",
      (select coalesce(sum(n), 0)::int from nets) as "sharedVotes",
      (select count(*)::int from nets) as "sharedNetworks",
      (select max(n) from nets) as "largestShared"`;

// The recount: `counted` (the survey's counted votes with their voters, read once) feeds one aggregate
// for the totals and the account ages, one grouping by hour and one by sign-up network.
export const INTEGRITY_RECOUNT_SQL = `with counted as materialized (
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
    ${FROM_HOURS}
    nets as materialized (
      select count(*)::int as n from counted where signup_network is not null
      group by signup_network having count(*) >= ${SHARED_NETWORK_MIN_SIGNUPS}
    ),
    ${PEAK}
    select s.voided_count as "voided",
      t.votes as "votes", t.verified as "verified",
      t.under1 as "under1Day", t.days1to7 as "days1To7", t.days7to30 as "days7To30", t.older as "older",
      ${DERIVED_COLUMNS}
    from surveys s, totals t, hour_stats h
    where s.id = $1::uuid`;


// The kept figures. A quarter hour (UTC) lies within one hour of the session's time zone (every zone's
// offset is a whole number of quarter hours), so its hour is its votes' hour; quarter hours emptied by
// voids or deletions are left out, as hours without votes are. SHARED_NETWORK_MIN_SIGNUPS is also the
// bound of the partial index survey_signup_networks_shared_idx (models/votes.ts).
export const INTEGRITY_SQL = `with hours as materialized (
      select date_trunc('hour', bucket) as hour, sum(yes + no)::int as n from survey_vote_buckets
      where survey_id = $1::uuid group by 1 having sum(yes + no) > 0
    ),
    ${FROM_HOURS}
    nets as materialized (
      select votes as n from survey_signup_networks where survey_id = $1::uuid and votes >= ${SHARED_NETWORK_MIN_SIGNUPS}
    ),
    ${PEAK}
    select s.voided_count as "voided",
      coalesce(t.votes, 0) as "votes", coalesce(t.verified, 0) as "verified",
      coalesce(t.under_1_day, 0) as "under1Day", coalesce(t.days_1_to_7, 0) as "days1To7",
      coalesce(t.days_7_to_30, 0) as "days7To30", coalesce(t.older, 0) as "older",
      ${DERIVED_COLUMNS}
    from surveys s left join survey_integrity t on t.survey_id = s.id, hour_stats h
    where s.id = $1::uuid`;
