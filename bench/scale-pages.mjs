// The pages section 10 (bench/scale.mjs) times, and how: the ids and sizes they need, each role's
// token, and every request sent to the demo-size and the large server in turn.
import { apiToken } from "./lib/api-token.mjs";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 15);

/** Ids and sizes the pages need, read before the server holds the database. */
export async function facts(query) {
  const one = async (text) => (await query(text))[0];
  const account = async (email) => (await one(`select id from users where email = '${email}'`)).id;
  const surveyor = await account("surveyor@demo.test");
  const big = await one(
    `select id, title, description, category, deadline::text as deadline, question_title, question_description, results_visibility, yes_count + no_count as votes
     from surveys where surveyor_id = '${surveyor}' and status = 'publish' order by yes_count + no_count desc limit 1`,
  );
  const published = Number((await one(`select count(*) as n from surveys where status = 'publish'`)).n);
  const own = Number((await one(`select count(*) as n from surveys where surveyor_id = '${surveyor}'`)).n);
  const count = async (text) => Number((await one(text)).n);
  // The middle of each long list: its deepest page (a page in the second half is read from the end).
  const middle = (rows, size = 20) => Math.max(1, Math.ceil(rows / size / 2));
  const accounts = await count(`select count(*) as n from users where deleted_at is null`);
  const surveys = await count(`select count(*) as n from surveys`);
  const reported = await count(`select count(*) as n from surveys where report_count > 0`);
  const payments = await count(`select count(*) as n from payments`);
  const largeData = Number((await one(`select count(*) as n from users where email = 'scale-1@scale.test'`)).n) > 0;
  return {
    ids: { admin: await account("admin@demo.test"), surveyor, user: await account("user@demo.test"), pro: await account("pro@demo.test") },
    big,
    lastListPage: Math.min(1000, Math.max(1, Math.ceil(published / 12))),
    lastOwnPage: Math.max(1, Math.ceil(own / 20)),
    lastVotersPage: Math.max(1, Math.ceil(Number(big.votes) / 20)),
    middle: {
      voters: middle(Number(big.votes)),
      votersJson: middle(Number(big.votes), 100),
      // The public list stops at page 1,000 (LIST_PAGE_MAX): the middle of the pages it has.
      list: Math.max(1, Math.ceil(Math.min(1000, Math.ceil(published / 12)) / 2)),
      own: middle(own),
      accounts: middle(accounts),
      surveys: middle(surveys),
      reported: middle(reported),
      payments: middle(payments),
    },
    search: largeData ? "scale-4242" : "voter1",
    // The list's search: a word of a fifth of the large dataset's titles (and of a demo survey's text),
    // and one survey's number (no demo survey has it).
    listSearch: "library",
    listSearchRare: "survey+4242",
  };
}

function pagesOf(f) {
  const b = f.big.id;
  return [
    // [label, path, kind, role]
    ["/", "/", "public"],
    ["/surveys", "/surveys", "public"],
    ["/surveys?sort=createdAt", "/surveys?sort=createdAt", "public"],
    ["/surveys?category=Health", "/surveys?category=Health", "public"],
    ["/surveys?category=Health&sort=createdAt", "/surveys?category=Health&sort=createdAt", "public"],
    ["/surveys?page=<last> (1,000 at scale)", `/surveys?page=${f.lastListPage}`, "public"],
    ["/surveys?sort=createdAt&page=<last>", `/surveys?sort=createdAt&page=${f.lastListPage}`, "public"],
    ["/surveys?page=<middle> (500 at scale)", `/surveys?page=${f.middle.list}`, "public"],
    // The open/closed filter and the search (compared with /surveys at scale: SEARCH_LABELS in scale.mjs).
    ["/surveys?status=open", "/surveys?status=open", "public"],
    ["/surveys?status=closed", "/surveys?status=closed", "public"],
    ["/surveys?q=library (a fifth of the surveys)", `/surveys?q=${f.listSearch}`, "public"],
    ["/surveys?q=survey+4242 (one survey)", `/surveys?q=${f.listSearchRare}`, "public"],
    ["/surveys?q=library&status=closed&sort=createdAt", `/surveys?q=${f.listSearch}&sort=createdAt&status=closed`, "public"],
    ["survey page (the most voted)", `/survey/details/${b}`, "public"],
    ["/pricing", "/pricing", "static"],
    ["user: overview", "/dashboard/user", "user"],
    ["user: surveys voted on", "/dashboard/user/surveys", "user"],
    ["user: my reports", "/dashboard/user/my-reports", "user"],
    ["pro: overview", "/dashboard/pro_user", "pro"],
    ["pro: surveys voted on", "/dashboard/pro_user/surveys", "pro"],
    ["pro: comments", "/dashboard/pro_user/comments", "pro"],
    ["surveyor: overview", "/dashboard/surveyor", "surveyor"],
    ["surveyor: my surveys", "/dashboard/surveyor/surveys", "surveyor"],
    ["surveyor: my surveys, last page", `/dashboard/surveyor/surveys?page=${f.lastOwnPage}`, "surveyor"],
    ["surveyor: my surveys, middle page", `/dashboard/surveyor/surveys?page=${f.middle.own}`, "surveyor"],
    ["surveyor: feedbacks", "/dashboard/surveyor/feedbacks", "surveyor"],
    ["surveyor: results (100,000 voters at scale)", `/dashboard/surveyor/surveys/${b}`, "surveyor"],
    ["surveyor: voters, last page", `/dashboard/surveyor/surveys/${b}?page=${f.lastVotersPage}`, "surveyor"],
    ["surveyor: voters, middle page (2,500 of 5,000 at scale)", `/dashboard/surveyor/surveys/${b}?page=${f.middle.voters}`, "surveyor"],
    ["GET /api/survey/{id}/voters, middle (?page=500&limit=100 at scale)", `/api/survey/${b}/voters?page=${f.middle.votersJson}&limit=100`, "surveyor"],
    ["admin: overview", "/dashboard/admin", "admin"],
    ["admin: Manage Users", "/dashboard/admin/users", "admin"],
    ["admin: Manage Users search", `/dashboard/admin/users?q=${f.search}`, "admin"],
    ["admin: Manage Users search, one letter (?q=s: every account at scale)", "/dashboard/admin/users?q=s", "admin"],
    ["admin: Manage Users, middle page", `/dashboard/admin/users?page=${f.middle.accounts}`, "admin"],
    ["admin: Manage Users, surveyors", "/dashboard/admin/users?role=surveyor", "admin"],
    ["admin: Manage Surveys", "/dashboard/admin/surveys", "admin"],
    ["admin: Manage Surveys, reported only", "/dashboard/admin/surveys?reported=1", "admin"],
    ["admin: Manage Surveys, middle page", `/dashboard/admin/surveys?page=${f.middle.surveys}`, "admin"],
    ["admin: Manage Surveys, reported only, middle page", `/dashboard/admin/surveys?reported=1&page=${f.middle.reported}`, "admin"],
    ["admin: Payments", "/dashboard/admin/payments", "admin"],
    ["admin: Payments, middle page", `/dashboard/admin/payments?page=${f.middle.payments}`, "admin"],
    ["admin: messages", "/dashboard/admin/messages", "admin"],
    ["admin: account", "/dashboard/account", "admin"],
    ["CSV export (100,000 voters at scale)", `/api/survey/${b}/export`, "export"],
  ];
}

async function timedGet(url, headers) {
  const t = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status, bytes: body.byteLength };
}

/** What one server needs to request its pages: tokens, and the edit that expires its cached copies. */
export function client(server, env, f) {
  const auth = Object.fromEntries(Object.entries(f.ids).map(([role, id]) => [role, { authorization: `Bearer ${apiToken(env.AUTH_SECRET, id)}` }]));
  const s = f.big;
  // The survey's own fields, unchanged: the route still expires the lists' and the survey's tags.
  const edit = () =>
    fetch(`${server.base}/api/updateDocument/${s.id}`, {
      method: "PUT",
      headers: { ...auth.surveyor, "content-type": "application/json" },
      body: JSON.stringify({
        title: s.title,
        description: s.description,
        category: s.category,
        deadline: s.deadline,
        questionTitle: s.question_title,
        questionDescription: s.question_description,
        resultsVisibility: s.results_visibility,
      }),
    }).then(async (r) => {
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`updateDocument answered ${r.status}`);
    });
  return { server, auth, edit, pages: pagesOf(f) };
}

/**
 * The demo-size and the large server run side by side and every request to one is followed by the
 * same request to the other, so a busy moment of the shared machine falls on both columns alike.
 */
export async function measurePair({ demo, large, log }) {
  const sides = { demo, large };
  for (let i = 0; i < 3; i++) {
    for (const c of Object.values(sides)) for (const [, p, kind] of c.pages) if (kind !== "export") await timedGet(`${c.server.base}${p}`, c.auth[kind]);
  }
  const out = { demo: {}, large: {} };
  const record = (label, samples) => {
    for (const side of ["demo", "large"]) {
      const runs = samples[side];
      out[side][label] = { ms: median(runs.map((r) => r.ms)), status: runs[0].status, bytes: runs[0].bytes };
    }
    log(`  ${label}: ${out.demo[label].ms.toFixed(1)} -> ${out.large[label].ms.toFixed(1)} ms (${out.demo[label].status}/${out.large[label].status})`);
  };
  for (let n = 0; n < demo.pages.length; n++) {
    const [label, , kind] = demo.pages[n];
    const url = (side) => `${sides[side].server.base}${sides[side].pages[n][1]}`;
    if (kind === "public") {
      const miss = { demo: [], large: [] };
      const hit = { demo: [], large: [] };
      for (let i = 0; i < RUNS; i++) {
        // Which goes first alternates, so neither side always follows the other's work.
        for (const side of i % 2 ? ["large", "demo"] : ["demo", "large"]) {
          await sides[side].edit();
          miss[side].push(await timedGet(url(side)));
          hit[side].push(await timedGet(url(side)));
        }
      }
      record(`${label} [miss]`, miss);
      record(`${label} [hit]`, hit);
    } else {
      const samples = { demo: [], large: [] };
      const runs = kind === "export" ? 3 : RUNS;
      const headers = kind === "export" ? demo.auth.surveyor : kind === "static" ? undefined : demo.auth[kind];
      for (let i = 0; i < runs; i++) {
        for (const side of i % 2 ? ["large", "demo"] : ["demo", "large"]) {
          const h = kind === "export" ? sides[side].auth.surveyor : kind === "static" ? undefined : sides[side].auth[kind];
          samples[side].push(await timedGet(url(side), headers === undefined ? undefined : h));
        }
      }
      record(label, samples);
    }
  }
  return out;
}
