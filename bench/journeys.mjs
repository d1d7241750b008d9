// From a shared survey link to a counted vote, section 11 of `npm run bench`: Chromium (Debian's
// /usr/bin/chromium, CHROMIUM_PATH) drives each journey as a person would, and every click, every
// field typed into (a file chosen is one) and every page the person opens (the shared link, a link in a
// mail) is one action; reading a mail is "one mail", not an action. The time runs from opening the shared
// link to the 200 of the vote's PUT /api/vote/{id}; the vote is then confirmed counted (the survey's
// count in GET /api/get_updated_survey/{id} went up by one, and GET /api/vote/{id} is the person's Yes).
// The choice is asked once when Yes is pressed once and the survey's form then shows it chosen (a
// form without it chosen is pressed again: asked twice).
//   - a new person registering with the form and verifying by the mailed code (goal: at most 12 actions
//     plus one mail);
//   - a returning person with a passkey (goal: at most 3 actions): a virtual WebAuthn authenticator
//     through the DevTools protocol's WebAuthn domain; the holder's setup (account, address verified,
//     passkey added on the account page, signed out) is not counted;
//   - a returning person with a password (the account made beforehand, not counted).
// Each build is served by `npm start` on a fresh embedded database with the demo data
// (scripts/lib/throwaway-server.mjs), its mail going to maildev on loopback (bench/lib/mail-inbox.mjs);
// each journey runs once to warm the server, then BENCH_JOURNEY_RUNS (3) times, each time a fresh person
// in a fresh browser context. BENCH_BASELINE_DIR=/path/to/a/build of the flow before (commit ab338a5,
// bench/lib/journeys-baseline.mjs) is measured first and printed first; without it the baseline rows
// are those recorded in docs/performance.md ("From a shared link to a counted vote"), marked "recorded".
// Alone, on the production build (`npx next build` first): `node bench/journeys.mjs` (BENCH_PORT).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { throwawayServer } from "../scripts/lib/throwaway-server.mjs";
import { launchChromium, newPerson, Person, picture, registerVerified, signInContext, surveyVotes, voteForm, answerControl } from "./lib/journey-driver.mjs";
import { newPersonBefore, passwordBefore } from "./lib/journeys-baseline.mjs";
import { codeIn, startInbox } from "./lib/mail-inbox.mjs";

const SECTION = "11 shared link to vote";
const DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "performance.md");
const DOC_HEADING = "## From a shared link to a counted vote";
const BASELINE_COMMIT = "ab338a5";
const VIRTUAL_AUTHENTICATOR = { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true };

export const JOURNEYS = [
  { key: "new", name: "a new person registering with the form, verifying by code", maxActions: 12, maxMails: 1, goal: "<= 12 actions + 1 mail, choice asked once" },
  { key: "passkey", name: "a returning person with a passkey", maxActions: 3, maxMails: 0, goal: "<= 3 actions, choice asked once" },
  { key: "password", name: "a returning person with a password", maxActions: Infinity, maxMails: 0, goal: "choice asked once" },
];

class Unavailable extends Error {}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const voteRegion = (page) => page.getByRole("region", { name: "Your vote" });

// ---- today's journeys ------------------------------------------------------------------------------

/** On the survey page after signing in: the answer carried through is chosen (else pressed again: asked twice), then Submit. */
async function submitCarried(p) {
  if (!(await p.seeForm("Yes"))) await p.click(answerControl(p.page, "Yes"), "Yes again (not carried)", { answer: true });
  await p.click(voteForm(p.page).getByRole("button", { name: "Submit" }), "Submit");
}

/** The shared link, Yes, Register here, the form, the mail's code, Verify, Submit. */
async function newPersonToday(p, { inbox }) {
  const { page, person } = p;
  await p.open(p.sharedLink, "the shared link");
  await p.click(voteRegion(page).getByRole("link", { name: /^Yes/ }), "Yes", { answer: true });
  await p.click(page.getByRole("link", { name: "Register here" }), "Register here");
  await p.fill(page.getByLabel("Name", { exact: true }), person.name, "Name");
  await p.fill(page.getByLabel("Email address", { exact: true }), person.email, "Email address");
  await p.fill(page.getByLabel("Password", { exact: true }), person.password, "Password");
  await p.fill(page.getByLabel("Profile Picture", { exact: true }), await picture(), "Profile Picture");
  await p.click(page.getByRole("button", { name: "Register", exact: true }), "Register");
  const mail = await p.readMail(inbox, /Confirm your email address/);
  await p.fill(page.getByLabel("Six-digit code", { exact: true }), codeIn(mail), "the code");
  await p.click(page.getByRole("button", { name: "Verify", exact: true }), "Verify");
  await submitCarried(p);
}

/**
 * The shared link, Yes, Submit: this browser has used a passkey before (the note the site keeps in its
 * storage, carried over from the setup), so the login page reached with an answer asks for it at once,
 * and the authenticator answers (a person's touch: no action on the page).
 */
async function passkeyToday(p) {
  const { page } = p;
  await p.open(p.sharedLink, "the shared link");
  await p.click(voteRegion(page).getByRole("link", { name: /^Yes/ }), "Yes", { answer: true });
  await submitCarried(p);
}

/** The shared link, Yes, the two fields, Sign in, Submit. */
async function passwordToday(p) {
  const { page, person } = p;
  await p.open(p.sharedLink, "the shared link");
  await p.click(voteRegion(page).getByRole("link", { name: /^Yes/ }), "Yes", { answer: true });
  await p.fill(page.getByLabel("Email address", { exact: true }), person.email, "Email address");
  await p.fill(page.getByLabel("Password", { exact: true }), person.password, "Password");
  await p.click(page.getByRole("button", { name: "Sign in", exact: true }), "Sign in");
  await submitCarried(p);
}

// ---- setup, not counted -------------------------------------------------------------------------------

/** A returning person with a password: registered and verified through the API. */
async function passwordHolder({ base, inbox }) {
  const person = newPerson("Password holder");
  await registerVerified(base, inbox, person);
  return { person };
}

/** Whether the build offers passkeys at all: the login page's button (probed once per build, signed out). */
async function passkeySignInOffered(browser, base) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    const signIn = page.getByRole("button", { name: "Sign in", exact: true });
    await signIn.waitFor({ timeout: 30_000 });
    // The button may appear once the page's script runs (where the browser supports passkeys).
    await page.waitForFunction((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$")), await signIn.elementHandle(), { timeout: 30_000 });
    return await page
      .getByRole("button", { name: "Sign in with a passkey" })
      .waitFor({ timeout: 3_000 })
      .then(() => true, () => false);
  } finally {
    await context.close();
  }
}

/**
 * A passkey holder: an account registered and verified through the API, signed in, a passkey added on
 * the account page with a virtual authenticator, then signed out (its context closed). The journey's
 * fresh context gets an authenticator holding the same credential, as the same device would.
 */
async function passkeyHolder({ browser, base, inbox, build }) {
  if (build.passkeys === undefined) build.passkeys = await passkeySignInOffered(browser, base);
  if (!build.passkeys) throw new Unavailable('/login has no "Sign in with a passkey"');
  const person = newPerson("Passkey holder");
  await registerVerified(base, inbox, person);
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": person.address } });
  let credential;
  let storage = {};
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: VIRTUAL_AUTHENTICATOR });
    await signInContext(context, base, person);
    await page.goto(`${base}/dashboard/account`);
    const add = page.getByRole("button", { name: "Add a passkey" });
    if (!(await add.waitFor({ timeout: 15_000 }).then(() => true, () => false))) throw new Unavailable('the account page has no "Add a passkey"');
    await page.waitForFunction((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$")), await add.elementHandle(), { timeout: 30_000 });
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/me/passkeys", { timeout: 30_000 });
    await add.click();
    const response = await saved;
    if (response.status() !== 201) throw new Error(`adding the passkey answered ${response.status()}: ${await response.text()}`);
    const { passkeys } = await (await context.request.get(`${base}/api/me/passkeys`)).json();
    if (passkeys?.length !== 1) throw new Error(`the account lists ${passkeys?.length} passkeys`);
    ({
      credentials: [credential],
    } = await cdp.send("WebAuthn.getCredentials", { authenticatorId }));
    // What the site keeps in this browser's storage (that it has used a passkey): the same browser later.
    storage = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    if (!credential) throw new Error("the virtual authenticator holds no credential");
  } finally {
    await context.close();
  }
  return {
    person,
    async prepare(journeyContext, page) {
      // A login page may also leave a request waiting in the browser's autofill (conditional mediation),
      // which a person answers by tapping the email field and picking the passkey; the virtual
      // authenticator would answer it by itself, with no action at all. Here it waits as it does for a
      // person who does not use the autofill (until the page aborts it): what signs in is the page's own
      // request, which it makes at once for a browser that has used a passkey.
      await journeyContext.addInitScript(() => {
        const get = navigator.credentials.get.bind(navigator.credentials);
        navigator.credentials.get = (options) =>
          options?.mediation === "conditional"
            ? new Promise((_, reject) => options.signal?.addEventListener("abort", () => reject(new DOMException("The autofill request was replaced", "AbortError"))))
            : get(options);
      });
      // The same browser, signed out: its storage as the setup left it, its cookies gone.
      await journeyContext.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      }, storage);
      const cdp = await journeyContext.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: VIRTUAL_AUTHENTICATOR });
      await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
    },
  };
}

export const FLOWS = {
  today: { new: { run: newPersonToday }, passkey: { setup: passkeyHolder, run: passkeyToday }, password: { setup: passwordHolder, run: passwordToday } },
  before: { new: { run: newPersonBefore }, passkey: { setup: passkeyHolder, run: passkeyToday }, password: { setup: passwordHolder, run: passwordBefore } },
};

// ---- running ------------------------------------------------------------------------------------------

/** An open survey whose counts are public (the same demo data in both builds). */
async function openSurvey(base) {
  const list = await (await fetch(`${base}/api/all_surveys?limit=100`)).json();
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const survey = list.find((s) => s.status === "publish" && s.resultsHidden === false && s.yesCount !== null && s.deadline > soon);
  if (!survey) throw new Error("no open survey with public counts in the demo data");
  return survey._id;
}

/** One person's journey in a fresh browser context; the figures, or why it could not be made. */
async function runJourney({ browser, base, inbox, surveyId, flow, build, log }) {
  const setup = flow.setup ? await flow.setup({ browser, base, inbox, build }) : { person: newPerson("New person") };
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": setup.person.address } });
  try {
    const page = await context.newPage();
    if (setup.prepare) await setup.prepare(context, page);
    const p = new Person({ context, page, base, surveyId, person: setup.person });
    const before = await surveyVotes(base, surveyId);
    try {
      await flow.run(p, { inbox });
    } catch (error) {
      throw new Error(`${error.message.split("\n")[0]} (after: ${p.steps.join(", ")})`);
    }
    const ms = await p.voteAnswered();
    let after = before;
    for (const until = performance.now() + 15_000; after.total < before.total + 1 && performance.now() < until; await sleep(100)) after = await surveyVotes(base, surveyId);
    const mine = await (await context.request.get(`${base}/api/vote/${surveyId}`)).json();
    const counted = after.total === before.total + 1 && after.yes === before.yes + 1 && mine.myVote?.vote === "yes";
    log(`  ${p.actions} actions, ${p.mails} mail(s), ${Math.round(ms)} ms${counted ? "" : ", NOT COUNTED"}: ${p.steps.join(", ")}`);
    return { actions: p.actions, mails: p.mails, ms, steps: p.steps, answerPresses: p.answerPresses, preselected: p.preselected, counted };
  } finally {
    await context.close();
  }
}

/**
 * Serves the build in `appDir` on a fresh embedded database (mail to `inbox`), and runs each journey of
 * `flows` once to warm it, then `runs` times; per journey: the runs' figures, or why none.
 */
export async function measureBuild({ appDir, flows, port, inbox, runs, log }) {
  const server = throwawayServer({
    name: "bench-journeys",
    port,
    appDir,
    env: { LOG_LEVEL: "error", TRUSTED_PROXIES: "1", SMTP_URL: inbox.smtpUrl, MAIL_FROM: "OPINEX bench <no-reply@opinex.localhost>" },
  });
  const results = {};
  try {
    await server.serve();
    const surveyId = await openSurvey(server.base);
    const browser = await launchChromium();
    const build = {};
    try {
      for (const journey of JOURNEYS) {
        const measured = [];
        try {
          for (let run = 0; run <= runs; run++) {
            log(`${journey.name}: ${run === 0 ? "warm-up" : `run ${run} of ${runs}`}`);
            const result = await runJourney({ browser, base: server.base, inbox, surveyId, flow: flows[journey.key], build, log });
            if (run > 0) measured.push(result);
          }
          results[journey.key] = { runs: measured };
        } catch (error) {
          log(`  ${error instanceof Unavailable ? "not available" : "FAILED"}: ${error.message}`);
          results[journey.key] = error instanceof Unavailable ? { unavailable: error.message } : { failed: error.message };
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
  return results;
}

// ---- the table --------------------------------------------------------------------------------------

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const span = (values) => (Math.min(...values) === Math.max(...values) ? `${Math.min(...values)}` : `${Math.min(...values)}-${Math.max(...values)}`);

/** One table row of a journey's figures on one build (`today`: the goal's verdict is met/MISSED, else was met/was missed). */
function tableRow(journey, buildLabel, result, today) {
  const base = { journey: journey.name, build: buildLabel, goal: journey.goal };
  if (!result.runs) {
    const why = result.unavailable ? (today ? "not available" : "not possible") : "failed";
    return { ...base, actions: "-", mails: "-", time: "-", choice: "-", met: today ? `MISSED (${why}: ${result.unavailable ?? result.failed})` : `${why} (${result.unavailable ?? result.failed})` };
  }
  const { runs } = result;
  const actions = runs.map((r) => r.actions);
  const mails = runs.map((r) => r.mails);
  const times = runs.map((r) => Math.round(r.ms));
  const presses = Math.max(...runs.map((r) => r.answerPresses));
  const carried = runs.every((r) => r.preselected);
  const choice = presses === 1 ? (carried ? "once, arrives chosen" : "once, on the survey's form") : `${presses} times`;
  const counted = runs.every((r) => r.counted);
  const met = counted && presses === 1 && Math.max(...actions) <= journey.maxActions && Math.max(...mails) <= journey.maxMails;
  return {
    ...base,
    actions: span(actions),
    mails: span(mails),
    time: `${median(times)} (${span(times)}, ${runs.length} runs)`,
    choice,
    met: (today ? (met ? "met" : "MISSED") : met ? "was met" : "was missed") + (counted ? "" : " (vote not counted)"),
  };
}

const COLUMNS = [
  ["journey", "journey"],
  ["build", "build"],
  ["actions", "actions"],
  ["mails", "mails"],
  ["time", "time (ms): median (range)"],
  ["choice", "choice asked"],
  ["goal", "goal"],
  ["met", "met?"],
];

export function formatTable(rows) {
  const widths = COLUMNS.map(([key, title]) => Math.max(title.length, ...rows.map((r) => String(r[key]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  return [line(COLUMNS.map(([, title]) => title)), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map((r) => line(COLUMNS.map(([key]) => r[key])))].join("\n");
}

/** The baseline's rows recorded in docs/performance.md (the first table of its section), marked "recorded". */
export function recordedBaseline() {
  const doc = fs.readFileSync(DOC, "utf8");
  const section = doc.slice(doc.indexOf(DOC_HEADING));
  if (!section.startsWith(DOC_HEADING)) return [];
  const table = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return table
    .split("\n")
    .map((line) => line.split("|").slice(1, -1).map((c) => c.trim()))
    .filter((cells) => cells.length === COLUMNS.length && cells[1].startsWith("baseline"))
    .map((cells) => {
      const row = Object.fromEntries(COLUMNS.map(([key], i) => [key, cells[i]]));
      return { ...row, build: `${row.build}, recorded` };
    });
}

/**
 * Section 11: the journeys on BENCH_BASELINE_DIR's build (or the recorded figures), then on this
 * checkout's; rows through `row(section, name, value, target, verdict)`, and the journeys' own table
 * printed; returns that table's rows.
 */
export async function benchJourneys({ row, port, log, runs = Number(process.env.BENCH_JOURNEY_RUNS ?? 3) }) {
  const baselineDir = process.env.BENCH_BASELINE_DIR ? path.resolve(process.env.BENCH_BASELINE_DIR) : null;
  const inbox = await startInbox({ smtpPort: port + 1, webPort: port + 2 });
  const rows = [];
  try {
    if (baselineDir) {
      log(`journeys from a shared link, baseline ${baselineDir}...`);
      const before = await measureBuild({ appDir: baselineDir, flows: FLOWS.before, port, inbox, runs, log });
      for (const journey of JOURNEYS) rows.push(tableRow(journey, `baseline ${BASELINE_COMMIT}`, before[journey.key], false));
    } else {
      const recorded = recordedBaseline();
      if (!recorded.length) log(`no recorded baseline in ${DOC}`);
      rows.push(...recorded);
    }
    log("journeys from a shared link, this checkout...");
    const today = await measureBuild({ appDir: process.cwd(), flows: FLOWS.today, port, inbox, runs, log });
    for (const journey of JOURNEYS) rows.push(tableRow(journey, "today", today[journey.key], true));
  } finally {
    await inbox.stop();
  }
  for (const r of rows) {
    // "MISSED (not available: why)", "not possible (why)": the verdict, and the why as the value.
    const [, verdict, why] = /^(.*?)(?: \((.*)\))?$/.exec(r.met);
    const figures = r.actions === "-" ? null : `${r.actions} actions, ${r.mails} mail(s), ${r.time} ms, choice asked ${r.choice}`;
    row(SECTION, `${r.journey} [${r.build}]`, [figures, why].filter(Boolean).join(", ") || "-", r.goal, verdict);
  }
  console.log(`\nFrom a shared survey link to a counted vote (actions: clicks, fields typed into, pages opened)\n\n${formatTable(rows)}\n`);
  return rows;
}

// `node bench/journeys.mjs`: only this section, on this checkout's production build.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.error("No production build found: run `npx next build` first.");
    process.exit(1);
  }
  const rows = [];
  await benchJourneys({
    row: (...cells) => rows.push(cells),
    port: Number(process.env.BENCH_PORT ?? 5510) + 4,
    log: (...args) => console.error("·", ...args),
  });
  if (rows.some((cells) => cells[4] === "MISSED")) process.exitCode = 1;
}
