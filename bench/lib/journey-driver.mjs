// The instrumented person of bench/journeys.mjs: every click, every field filled and every page opened
// goes through `Person`, which counts it (and the mails read, and the presses of an answer), and the
// time runs from opening the shared link to the 200 of the vote's PUT. Plus the setup that is not
// counted (accounts made and verified through the API, as e2e/fixtures/accounts.ts makes them).
import { randomBytes } from "node:crypto";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { linkIn } from "./mail-inbox.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
}

/** A small real PNG for the profile picture field (as the end-to-end tests upload). */
export async function picture() {
  const buffer = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 200, g: 60, b: 90 } } }).png().toBuffer();
  return { name: "me.png", mimeType: "image/png", buffer };
}

let people = 0;
/**
 * A fresh person with a client address of their own (the server believes one X-Forwarded-For hop):
 * registrations and sign-ins are limited per client, and the bench registers a dozen people per build.
 */
export function newPerson(label) {
  const id = randomBytes(4).toString("hex");
  people += 1;
  return {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, "-")}-${id}@bench.test`,
    password: `bench-${id}-passphrase`,
    address: `198.18.${people % 250}.${1 + Math.floor(people / 250)}`,
  };
}

/** The `altcha` field, solved in Node with altcha-lib (setup only: the counted journeys use the page's widget). */
async function solvedAltcha(base, address) {
  const response = await fetch(`${base}/api/altcha/challenge`, { headers: { "x-forwarded-for": address } });
  if (response.status !== 200) throw new Error(`GET /api/altcha/challenge answered ${response.status}`);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Setup, not counted: registers `person` through the API and verifies the address with the mailed link. */
export async function registerVerified(base, inbox, person) {
  const form = new FormData();
  form.set("name", person.name);
  form.set("email", person.email);
  form.set("password", person.password);
  const image = await picture();
  form.set("image", new Blob([image.buffer], { type: image.mimeType }), image.name);
  form.set("altcha", await solvedAltcha(base, person.address));
  const registered = await fetch(`${base}/api/register`, { method: "POST", body: form, headers: { "x-forwarded-for": person.address } });
  if (registered.status !== 201) throw new Error(`registering ${person.email} answered ${registered.status}: ${await registered.text()}`);
  const token = new URL(linkIn(await inbox.mailTo(person.email, /Confirm your email address/), "/verify-email")).searchParams.get("token");
  const verified = await fetch(`${base}/api/verify-email`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": person.address },
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) throw new Error(`verifying ${person.email} answered ${verified.status}: ${await verified.text()}`);
}

/** Setup, not counted: signs `context` in with the password through Auth.js's credentials endpoint (what the login form posts). */
export async function signInContext(context, base, person) {
  const { csrfToken } = await (await context.request.get(`${base}/api/auth/csrf`)).json();
  const response = await context.request.post(`${base}/api/auth/callback/credentials`, { form: { email: person.email, password: person.password, csrfToken, callbackUrl: "/" }, maxRedirects: 0 });
  const location = response.headers()["location"] ?? "";
  if (response.status() !== 302 || location.includes("error")) throw new Error(`signing in ${person.email} failed: ${response.status()} ${location}`);
}

/** Until React has hydrated the element (a press before that does nothing, or posts the form natively). */
async function hydrated(locator, timeout) {
  await locator.waitFor({ state: "visible", timeout });
  await locator.evaluate(
    (el, ms) =>
      new Promise((resolve, reject) => {
        const until = performance.now() + ms;
        const check = () => {
          if (Object.keys(el).some((k) => k.startsWith("__reactProps$"))) resolve();
          else if (performance.now() > until) reject(new Error("not hydrated"));
          else setTimeout(check, 10);
        };
        check();
      }),
    timeout,
  );
}

/** The survey page's vote form (signed in), and its Yes/No control: radios today, checkboxes before. */
export const voteForm = (page) => page.getByRole("form", { name: "Vote on this survey" });
export function answerControl(page, label) {
  const form = voteForm(page);
  return form.getByRole("radio", { name: label, exact: true }).or(form.getByRole("checkbox", { name: label, exact: true }));
}

/** The survey's public counts (GET /api/get_updated_survey/{id}, the original client's re-read after a vote). */
export async function surveyVotes(base, id) {
  const survey = await (await fetch(`${base}/api/get_updated_survey/${id}`, { cache: "no-store" })).json();
  if (survey.yesCount === null) throw new Error(`survey ${id} hides its counts`);
  return { yes: survey.yesCount, no: survey.noCount, total: survey.yesCount + survey.noCount };
}

/**
 * One person's journey in one browser context: the counted actions, the mails read, the presses of an
 * answer, and the time from opening the shared link to the vote's 200.
 */
export class Person {
  constructor({ context, page, base, surveyId, person, timeout = 60_000 }) {
    Object.assign(this, { context, page, base, surveyId, person, timeout });
    this.steps = [];
    this.mails = 0;
    this.answerPresses = 0;
    this.started = null;
    this.votedAt = null;
    this.preselected = null;
    page.setDefaultTimeout(timeout);
    // The counted vote: the PUT of this survey's vote answered 200 (seen by the browser).
    context.on("response", (response) => {
      if (this.votedAt === null && response.request().method() === "PUT" && response.status() === 200 && new URL(response.url()).pathname === `/api/vote/${surveyId}`) {
        this.votedAt = performance.now();
      }
    });
  }

  get sharedLink() {
    return `${this.base}/survey/details/${this.surveyId}`;
  }

  get actions() {
    return this.steps.length;
  }

  /** A page the person opens (the shared link, a link from a mail): one action. The shared link starts the clock. */
  async open(url, what) {
    if (this.started === null) this.started = performance.now();
    this.steps.push(`open ${what}`);
    await this.page.goto(url);
  }

  /** A click: one action; `answer` marks a press of Yes or No (the choice being asked). */
  async click(locator, what, { answer = false } = {}) {
    await hydrated(locator, this.timeout);
    this.steps.push(`click ${what}`);
    if (answer) this.answerPresses += 1;
    await locator.click();
  }

  /** Typing into one field (or choosing a file for it): one action. */
  async fill(locator, value, what) {
    await hydrated(locator, this.timeout);
    this.steps.push(`type ${what}`);
    if (typeof value === "string") await locator.fill(value);
    else await locator.setInputFiles(value);
  }

  /** Reading a mail (not an action: counted as a mail). */
  async readMail(inbox, subject) {
    this.mails += 1;
    return inbox.mailTo(this.person.email, subject);
  }

  /** On the survey page with the vote form: whether `label` is already chosen, without touching it. */
  async seeForm(label) {
    const control = answerControl(this.page, label);
    await control.waitFor({ state: "visible", timeout: this.timeout });
    this.preselected = await control.isChecked();
    return this.preselected;
  }

  /** Until the vote's PUT answered 200. */
  async voteAnswered() {
    const until = performance.now() + this.timeout;
    while (this.votedAt === null) {
      if (performance.now() > until) throw new Error("the vote's PUT did not answer 200");
      await sleep(5);
    }
    return this.votedAt - this.started;
  }
}
