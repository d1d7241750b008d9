// The database side of bench/scale.mjs: every query each page and the CSV export send, captured at
// the driver (node-postgres, which both the PostgreSQL server and the embedded database use), timed
// (median of BENCH_SCALE_QUERY_RUNS runs) and explained with EXPLAIN ANALYZE. Prints one JSON object:
// { pages: { [page]: { ms, queries: [{ sql, plan, maxRows, seqScans, sorts }] } } }.
// Run on the database DATABASE_URL or DATA_DIR names (nothing else may hold a DATA_DIR):
//   node --conditions=react-server --import tsx bench/scale-plans.ts
import { createRequire, register } from "node:module";
import pg from "pg";
import { sql } from "drizzle-orm";

// The services are loaded as the server loads them (react-server conditions), but outside Next:
// next/navigation (reached through lib/auth/guards for its isUuid) needs React's client half, which
// the react-server build of React does not have. The services never call it; a stand-in is enough.
const require = createRequire(import.meta.url);
const navigation = require.resolve("next/navigation");
require.cache[navigation] = { id: navigation, filename: navigation, loaded: true, exports: {} } as NodeJS.Module;
// next-intl's react-server entry re-exports its client provider, which needs React's client half too;
// the services use only its createTranslator, which is use-intl's core.
register(
  `data:text/javascript,${encodeURIComponent(
    'export async function resolve(specifier, context, next) { return next(specifier === "next-intl" ? "use-intl/core" : specifier, context); }',
  )}`,
);

const { getDb, closeDatabase } = await import("@/lib/db");
const { queryRows } = await import("@/lib/db/client");
const { adminStats, participantStats, surveyorStats } = await import("@/lib/dashboards/dashboard-stats");
const { listSurveysForModeration } = await import("@/lib/moderation/moderation");
const { listPayments, paymentTotals } = await import("@/lib/payments/payments");
const { listReportedSurveys } = await import("@/lib/votes/reports");
const { listVoters, voterPages, votesPerDay } = await import("@/lib/surveys/voters");
const { countFeedbacks, countOwnSurveys, getManagedSurvey, listFeedbacks, listOwnSurveys } = await import("@/lib/surveys/workspace");
const { countListedSurveys, countPublishedSurveys, getPublishedSurvey, listPublishedSurveyIds, listPublishedSurveys, searchPublishedSurveys } = await import(
  "@/lib/surveys/queries"
);
const { siteToday } = await import("@/lib/site-dates");
const { listLatestAudit } = await import("@/lib/moderation/audit");
const { listUsers } = await import("@/lib/accounts/users");
const { listCommentedSurveys, listParticipatedSurveys } = await import("@/lib/votes/votes");
const { DASHBOARD_PAGE_SIZE, pageCount, pageWindow } = await import("@/lib/validation/paging");

const RUNS = Number(process.env.BENCH_SCALE_QUERY_RUNS ?? 7);
// The tables that grow with the dataset: a sequential scan or a sort over one of them is what a flat
// page must not do.
const BIG = ["users", "surveys", "votes", "reports", "payments", "audit_events"];

type Captured = { text: string; values: unknown[] };
let capture: Captured[] | null = null;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
  if (capture) {
    const text = typeof first === "string" ? first : first?.text;
    const values = (typeof first === "object" && first?.values) || (Array.isArray(second) ? second : []);
    if (text && /^\s*(select|with)\b/i.test(text)) capture.push({ text, values });
  }
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;

const db = await getDb();
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0];
const timeZone = process.env.APP_TIME_ZONE || "UTC";
const surveyor = await one<{ id: string; email: string }>(sql`select id, email from users where email = 'surveyor@demo.test'`);
const user = await one<{ id: string }>(sql`select id from users where email = 'user@demo.test'`);
const pro = await one<{ id: string }>(sql`select id from users where email = 'pro@demo.test'`);
const admin = await one<{ id: string }>(sql`select id from users where email = 'admin@demo.test'`);
// The demo surveyor's survey with the most voters (at scale, the one with 100,000).
const big = await one<{ id: string; votes: number }>(
  sql`select id, yes_count + no_count as votes from surveys where surveyor_id = ${surveyor.id} order by yes_count + no_count desc limit 1`,
);
const published = await countPublishedSurveys();
const lastListPage = Math.min(1000, Math.max(1, Math.ceil(published / 12)));
const ownTotal = await countOwnSurveys(surveyor.id);
const surveyorViewer = { id: surveyor.id, role: "surveyor" as const };
const search = process.env.BENCH_SCALE_USER_SEARCH ?? "voter1";
const today = siteToday();
// The middle of each long admin list, as bench/scale-pages.mjs picks it (its deepest page), and the
// last page of Manage Users.
const middle = (rows: number, size = DASHBOARD_PAGE_SIZE) => Math.max(1, Math.ceil(rows / size / 2));
const countOf = async (query: ReturnType<typeof sql>) => Number((await one<{ n: string }>(query)).n);
const accounts = await countOf(sql`select count(*) as n from users where deleted_at is null`);
const plainUsers = await countOf(sql`select count(*) as n from users where deleted_at is null and role = 'user'`);
const paymentRows = await countOf(sql`select count(*) as n from payments`);

const pages: Record<string, () => Promise<unknown>> = {
  "/": () => Promise.all([listPublishedSurveys({ sort: "totalVotes", page: 1, limit: 6, openOnly: true }), listPublishedSurveys({ sort: "createdAt", page: 1, limit: 12, openOnly: true })]),
  "/surveys": () => Promise.all([listPublishedSurveys({ page: 1 }), countPublishedSurveys()]),
  "/surveys?sort=createdAt": () => Promise.all([listPublishedSurveys({ sort: "createdAt", page: 1 }), countPublishedSurveys()]),
  "/surveys?category=Health": () => Promise.all([listPublishedSurveys({ category: "Health", page: 1 }), countPublishedSurveys("Health")]),
  "/surveys?page=<last>": () => Promise.all([listPublishedSurveys({ page: lastListPage }), countPublishedSurveys()]),
  "/surveys?sort=createdAt&page=<last>": () => Promise.all([listPublishedSurveys({ sort: "createdAt", page: lastListPage }), countPublishedSurveys()]),
  "/surveys?status=open": () => Promise.all([listPublishedSurveys({ status: "open", today, page: 1 }), countListedSurveys({ status: "open", today })]),
  "/surveys?status=closed": () => Promise.all([listPublishedSurveys({ status: "closed", today, page: 1 }), countListedSurveys({ status: "closed", today })]),
  "/surveys?q=library": () => searchPublishedSurveys({ q: "library", page: 1 }),
  "/surveys?q=survey+4242": () => searchPublishedSurveys({ q: "survey 4242", page: 1 }),
  "/surveys?q=library&status=closed&sort=createdAt": () => searchPublishedSurveys({ q: "library", status: "closed", today, sort: "createdAt", page: 1 }),
  "survey page": () => getPublishedSurvey(big.id),
  "/sitemap.xml": () => listPublishedSurveyIds(),
  "/dashboard/user": () => participantStats(user.id),
  "/dashboard/user/surveys": () => listParticipatedSurveys(user.id),
  "/dashboard/user/my-reports": () => listReportedSurveys(user.id),
  "/dashboard/pro_user/comments": () => listCommentedSurveys(pro.id),
  "/dashboard/surveyor": () => surveyorStats(surveyor.id, timeZone),
  "/dashboard/surveyor/surveys": () => Promise.all([listOwnSurveys(surveyor.id, pageWindow(1)), countOwnSurveys(surveyor.id)]),
  "/dashboard/surveyor/surveys?page=<last>": () =>
    Promise.all([listOwnSurveys(surveyor.id, pageWindow(pageCount(ownTotal)), ownTotal), countOwnSurveys(surveyor.id)]),
  "/dashboard/surveyor/feedbacks": () => Promise.all([listFeedbacks(surveyor.id, pageWindow(1)), countFeedbacks(surveyor.id)]),
  "results page (biggest survey)": async () => {
    const survey = await getManagedSurvey(big.id, surveyorViewer);
    return Promise.all([votesPerDay(survey), listVoters(big.id, pageWindow(1))]);
  },
  "voters list, last page": async () => {
    const survey = await getManagedSurvey(big.id, surveyorViewer);
    return listVoters(big.id, pageWindow(pageCount(survey.yesCount + survey.noCount)), survey.yesCount + survey.noCount);
  },
  "voters list, middle page": async () => {
    const survey = await getManagedSurvey(big.id, surveyorViewer);
    const total = survey.yesCount + survey.noCount;
    return listVoters(big.id, pageWindow(Math.ceil(pageCount(total) / 2)), total);
  },
  "GET /api/survey/{id}/voters, middle (limit 100)": async () => {
    const survey = await getManagedSurvey(big.id, surveyorViewer);
    const total = survey.yesCount + survey.noCount;
    return listVoters(big.id, pageWindow(Math.ceil(pageCount(total, 100) / 2), 100), total);
  },
  "/dashboard/admin": () => Promise.all([adminStats(timeZone), listLatestAudit(10)]),
  "/dashboard/admin/users": () => listUsers({ page: 1, limit: DASHBOARD_PAGE_SIZE }),
  [`/dashboard/admin/users?q=${search}`]: () => listUsers({ q: search, page: 1, limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/users?q=s": () => listUsers({ q: "s", page: 1, limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/users?role=surveyor": () => listUsers({ role: "surveyor", page: 1, limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/users?page=<middle>": () => listUsers({ page: middle(accounts), limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/users?page=<last>": () => listUsers({ page: pageCount(accounts), limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/users?role=user&page=<middle>": () => listUsers({ role: "user", page: middle(plainUsers), limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/surveys": () => listSurveysForModeration({ page: 1, limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/surveys?reported=1": () => listSurveysForModeration({ reportedOnly: true, page: 1, limit: DASHBOARD_PAGE_SIZE }),
  "/dashboard/admin/payments": () => Promise.all([listPayments({ page: 1, limit: DASHBOARD_PAGE_SIZE }), paymentTotals()]),
  "/dashboard/admin/payments?page=<middle>": () => Promise.all([listPayments({ page: middle(paymentRows), limit: DASHBOARD_PAGE_SIZE }), paymentTotals()]),
  "CSV export, first 1,000 voters": async () => {
    for await (const page of voterPages(big.id)) return page;
  },
  "CSV export, the first 51 keyset pages of 1,000": async () => {
    // The keyset's later pages cost what the first does: one page past the middle of the voters.
    let n = 0;
    for await (const page of voterPages(big.id)) if (++n > 50 || page.length < 1000) return page;
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const literal = (v: unknown): string => {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
};
const inline = ({ text, values }: Captured) => text.replace(/\$(\d+)/g, (_, i) => literal(values[Number(i) - 1]));

const out: Record<string, { ms: number; queries: { sql: string; plan: string; maxRows: number; seqScans: string[]; sorts: number[] }[] }> = {};
for (const [name, run] of Object.entries(pages)) {
  if (process.env.BENCH_SCALE_ONLY && !name.includes(process.env.BENCH_SCALE_ONLY)) continue;
  await run(); // warm: the plan cache, the buffers
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  capture = [];
  await run();
  const captured = capture;
  capture = null;
  const seen = new Set<string>();
  const queries = [];
  for (const q of captured) {
    const text = inline(q);
    if (seen.has(text)) continue;
    seen.add(text);
    const plan = (await queryRows<Record<string, string>>(db, sql.raw(`explain (analyze, timing off, summary off) ${text}`)))
      .map((r) => Object.values(r)[0])
      .join("\n");
    // The most rows any node produced (actual rows × loops), every sequential scan of a big table,
    // and the rows each sort node sorted.
    let maxRows = 0;
    for (const m of plan.matchAll(/actual rows=([\d.]+) loops=(\d+)/g)) maxRows = Math.max(maxRows, Number(m[1]) * Number(m[2]));
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]).filter((t) => BIG.includes(t));
    const sorts = [...plan.matchAll(/Sort {2}\(.*?actual rows=([\d.]+)/g)].map((m) => Number(m[1]));
    queries.push({ sql: text, plan, maxRows, seqScans, sorts });
  }
  out[name] = { ms: median(times), queries };
}
console.log(JSON.stringify({ bigSurveyVotes: big.votes, publishedSurveys: published, admin: admin.id, pages: out }));
await closeDatabase();
