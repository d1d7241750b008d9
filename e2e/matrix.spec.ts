// The authorisation matrix (tests/matrix/routes.ts) sent to the production build: every row as every
// caller, by session cookie, by bearer token and (the roles that may hold one) by API key, with and
// without `x-middleware-subrequest` (the
// header that let requests skip Next's middleware, CVE-2025-29927). All must match. Who each route
// lets in is read from the build's own API reference (`x-roles`, from each route's declaration).
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import {
  ACCOUNTS,
  CALLERS,
  KEY_HOLDERS,
  ROLE_OF,
  ROWS,
  admittedByDocument,
  expectationsOf,
  keyExpectation,
  type ApiDocument,
  type Caller,
  type Expected,
  type Ids,
  type RequestBody,
  type Row,
} from "../tests/matrix/routes";
import { apiRouteFiles } from "../tests/route-files";
import { signInAs } from "./fixtures/session";

const SUBREQUEST = "proxy:proxy:proxy:proxy:proxy:middleware:middleware:middleware:middleware:middleware";

type Variant = { caller: Caller; transport: "cookie" | "bearer" | "apiKey" | "none"; subrequest: boolean };

test("every route and dashboard page answers every kind of caller as the matrix says", async ({ baseURL }) => {
  test.setTimeout(240_000);
  const anon = await playwrightRequest.newContext({ baseURL });
  const reference = await anon.get("/api/openapi.json");
  expect(reference.status()).toBe(200);
  const document = (await reference.json()) as ApiDocument;
  const files = apiRouteFiles().map((r) => r.file);
  const expectations = new Map(ROWS.map((row) => [row, expectationsOf(row, admittedByDocument(document, files, row))]));
  const cookies = {} as Record<Exclude<Caller, "anon">, APIRequestContext>;
  const tokens = {} as Record<Exclude<Caller, "anon">, string>;
  for (const [caller, email] of Object.entries(ACCOUNTS) as [Exclude<Caller, "anon">, string][]) {
    const context = await playwrightRequest.newContext({ baseURL });
    await signInAs(context, email);
    cookies[caller] = context;
    const issued = await context.post("/api/jwt", { data: { email } });
    expect(issued.status()).toBe(200);
    tokens[caller] = (await issued.json()).token;
  }
  // An API key of each role that may hold one, every scope, made on the account page's route and revoked at the end.
  const keys = {} as Record<(typeof KEY_HOLDERS)[number], { id: string; key: string }>;
  for (const caller of KEY_HOLDERS) {
    const made = await cookies[caller].post("/api/me/api-keys", {
      data: { name: "Authorisation matrix", scopes: ["surveys:read", "surveys:write", "results:read", "webhooks:write"] },
    });
    expect(made.status()).toBe(201);
    keys[caller] = await made.json();
  }

  // The owner's surveys: a seeded one, published and open, and one of this test's own, unpublished by
  // an admin (so no seeded survey changes state).
  const own = await (await cookies.owner.get(`/api/surveys/${encodeURIComponent(ACCOUNTS.owner)}`)).json();
  const today = new Date().toISOString().slice(0, 10);
  const created = await cookies.owner.post("/api/create_survey", {
    data: {
      title: `Matrix survey ${Date.now()}`,
      description: "Made by the authorisation matrix test, then unpublished.",
      category: "Education",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      questionTitle: "A question",
      questionDescription: "Do you agree?",
    },
  });
  expect(created.status()).toBe(201);
  const unpublished = (await created.json()).insertedId;
  const moderated = await cookies.admin.post("/api/update_survey_status", {
    data: { id: unpublished, status: "unpublish", feedbackMessage: "Unpublished by the matrix test." },
  });
  expect(moderated.status()).toBe(200);
  const ids: Ids = {
    survey: own.find((s: { status: string; deadline: string }) => s.status === "publish" && s.deadline > today)._id,
    unpublished,
    missing: "00000000-0000-4000-8000-000000000000",
  };
  expect(ids.survey, "a published survey of surveyor@demo.test").toBeTruthy();
  const surveyTitle: string = own.find((s: { _id: string }) => s._id === ids.survey).title;
  expect(ids.unpublished, "an unpublished survey of surveyor@demo.test").toBeTruthy();

  const variants: Variant[] = [];
  for (const subrequest of [false, true]) {
    variants.push({ caller: "anon", transport: "none", subrequest });
    for (const caller of CALLERS.filter((c) => c !== "anon")) {
      variants.push({ caller, transport: "cookie", subrequest }, { caller, transport: "bearer", subrequest });
    }
    for (const caller of KEY_HOLDERS) variants.push({ caller, transport: "apiKey", subrequest });
  }

  let address = 0;
  async function send(row: Row, variant: Variant): Promise<APIResponse> {
    const context = variant.transport === "cookie" ? cookies[variant.caller as Exclude<Caller, "anon">] : anon;
    const headers: Record<string, string> = {
      // Each request its own client address: the registration and sign-in throttles count per address.
      "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    };
    if (variant.transport === "bearer") headers.authorization = `Bearer ${tokens[variant.caller as Exclude<Caller, "anon">]}`;
    if (variant.transport === "apiKey") headers.authorization = `Bearer ${keys[variant.caller as (typeof KEY_HOLDERS)[number]].key}`;
    if (variant.subrequest) headers["x-middleware-subrequest"] = SUBREQUEST;
    const body: RequestBody | undefined = row.body?.(variant.caller);
    const options: Parameters<APIRequestContext["fetch"]>[1] = { method: row.method, headers, maxRedirects: 0, failOnStatusCode: false };
    if (body && "json" in body) options.data = body.json;
    else if (body && "raw" in body) {
      headers["content-type"] = body.contentType;
      options.data = body.raw;
    } else if (body && "multipart" in body) options.multipart = body.multipart;
    return context.fetch(row.path(ids), options);
  }

  function matches(expected: Expected, response: APIResponse, caller: Caller, text: string): boolean {
    if (expected === "refused-in-page") {
      return response.status() === 200 && text.includes("You can only manage your own surveys") && !text.includes(surveyTitle);
    }
    const location = response.headers()["location"] ?? "";
    if (expected === "login") return response.status() === 307 && /^(https?:\/\/[^/]+)?\/login\?callbackUrl=/.test(location);
    if (expected === "own-dashboard") {
      const role = ROLE_OF[caller as Exclude<Caller, "anon">];
      return response.status() === 307 && new RegExp(`^(https?://[^/]+)?/dashboard/${role}$`).test(location);
    }
    return response.status() === expected;
  }

  const failures: string[] = [];
  /** What a variant must get from a row; undefined: not sent (an /api/v1 row that says nothing of keys). */
  const expectedOf = (row: Row, variant: Variant): Expected | undefined => {
    const expected = expectations.get(row)!;
    if (variant.transport === "apiKey") return keyExpectation(row, expected, variant.caller as (typeof KEY_HOLDERS)[number]);
    return (variant.transport === "bearer" && row.bearer?.[variant.caller]) || expected[variant.caller];
  };
  const jobs = ROWS.flatMap((row) => variants.filter((variant) => expectedOf(row, variant) !== undefined).map((variant) => ({ row, variant })));
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < jobs.length) {
        const { row, variant } = jobs[next++];
        const expected = expectedOf(row, variant)!;
        const response = await send(row, variant);
        const text = await response.text();
        const ok = matches(expected, response, variant.caller, text);
        const label = `${row.method} ${row.path(ids)} as ${variant.caller}/${variant.transport}${variant.subrequest ? "+subrequest" : ""}`;
        if (!ok) failures.push(`${label}: expected ${expected}, got ${response.status()} ${response.headers()["location"] ?? ""}`);
        // An API refusal is JSON in the contract's shape; never a stack trace.
        if (row.path(ids).startsWith("/api/") && response.status() >= 400 && !row.path(ids).startsWith("/api/auth/")) {
          if (!/^\{"error":\{"code":"[a-z_]+","message":"[^"]+/.test(text)) failures.push(`${label}: not a JSON error: ${text.slice(0, 120)}`);
        }
        if (/\bat [\w.<>]+ \(|node_modules|\.next\/server/.test(text)) failures.push(`${label}: stack trace in the body`);
      }
    }),
  );

  const routes = new Set(ROWS.map((r) => `${r.method} ${r.file}`)).size;
  console.log(
    `Authorisation matrix: ${ROWS.length} rows (${routes} route methods and pages) x ${variants.length} callers ` +
      `(${CALLERS.length} kinds; cookie, bearer and API key; with and without x-middleware-subrequest) = ${jobs.length} requests checked, ${failures.length} wrong`,
  );
  for (const caller of KEY_HOLDERS) expect((await cookies[caller].delete(`/api/me/api-keys/${keys[caller].id}`)).status()).toBe(200);
  expect(failures).toEqual([]);
  for (const context of [anon, ...Object.values(cookies)]) await context.dispose();
});
