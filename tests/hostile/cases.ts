// Hostile requests, generated with fast-check (a property-based generator: seeded, so any failing
// case can be replayed with HOSTILE_SEED). Every case must be refused: a 4xx with a clear JSON
// message (the HTML error page for pages), never a 5xx or a stack trace, and nothing written.
//
// Each request is built to be refused by design, while still carrying its hostile part to the
// parser: the hostile value sits in the field that decides (an enum, an id, an email, a literal), or
// the body is oversized, not JSON, of the wrong type or sent with the wrong content type, or the path
// is not an id. Valid free text (an Arabic or emoji name) is not refused, so it travels next to a
// deciding field that is. Cases marked `hardening` expect the hardened behaviour (docs/security.md).
import fc from "fast-check";
import { type Ids, type HostileCase, hostileString, MB, big, json, JSON_HEADERS } from "./values";
import { jsonCases, pathCases, queryCases } from "./request-cases";
import { uploadCases, webhookCases, type Images } from "./upload-cases";

export { ALTCHA_PLACEHOLDER, hostileString, hostileValue, withSolvedAltcha, today, type Caller, type HostileCase, type Ids } from "./values";
export { JSON_ROUTES } from "./request-cases";
export { lyingPng, stripeSignature, type Images } from "./upload-cases";

// ---- methods and Auth.js bodies

function hardeningCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const path of ["/api/get_latest_survey", "/api/me", "/api/vote/00000000-0000-4000-8000-000000000000", "/api/contact", "/api/health", "/api/openapi.json"]) {
    cases.push({ family: "method: TRACE on a route handler (405)", method: "TRACE", path, caller: "anon", kind: "any", hardening: true });
  }
  // The API reference's document is a static file: a write to it is refused, whoever sends it.
  for (const method of ["POST", "PUT", "DELETE"]) {
    cases.push({ family: "method: a write to the static API document (405)", method, path: "/api/openapi.json", caller: "admin", headers: JSON_HEADERS, body: json({ openapi: "3.1.0" }), kind: "any" });
  }
  for (const path of ["/api/auth/signout", "/api/auth/session", "/api/auth/signin/credentials"]) {
    cases.push({ family: "auth: a 2 MB body to /api/auth/* (413)", method: "POST", path, caller: "anon", headers: { "content-type": "application/x-www-form-urlencoded" }, body: Buffer.from(`csrfToken=${big(2 * MB)}`), kind: "any", hardening: true });
  }
  return cases;
}

// ---- oEmbed: the url is parsed, never fetched; anything but our own survey address is refused

const OEMBED_URLS = [
  "http://169.254.169.254/latest/meta-data/",
  "http://localhost:6379/",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/survey/details/00000000-0000-4000-8000-000000000000",
  "https://evil.example/survey/details/00000000-0000-4000-8000-000000000000",
];

function oembedCases(runs: number, seed: number): HostileCase[] {
  const urls = [...OEMBED_URLS, ...fc.sample(hostileString, { seed, numRuns: runs })];
  return urls.map((url) => ({
    family: "oembed: urls that are not a survey of this site (never fetched)",
    method: "GET",
    path: `/api/oembed?url=${encodeURIComponent(url.replace(/[\uD800-\uDFFF]/g, "?"))}&format=json`,
    caller: "anon" as const,
    kind: "json" as const,
  }));
}

// ---- unsubscribe: forged, altered or junk tokens change nothing

function unsubscribeCases(runs: number, seed: number): HostileCase[] {
  const tokens = [
    "00000000-0000-4000-8000-000000000000.results.AAAA",
    "00000000-0000-4000-8000-000000000000.admin.AAAA",
    "../../etc/passwd",
    ...fc.sample(hostileString, { seed, numRuns: runs }),
  ];
  return tokens.map((token) => ({
    family: "unsubscribe: forged or junk tokens",
    method: "POST",
    path: `/api/unsubscribe?token=${encodeURIComponent(token.replace(/[\uD800-\uDFFF]/g, "?"))}`,
    caller: "anon" as const,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: Buffer.from("List-Unsubscribe=One-Click"),
    kind: "json" as const,
  }));
}

export function generateCases(input: { ids: Ids; images: Images; webhookSecret: string; seed: number }): HostileCase[] {
  const { ids, images, webhookSecret, seed } = input;
  return [
    ...jsonCases(ids, 8, seed),
    ...queryCases(ids, 8, seed + 1000),
    ...pathCases(ids, 6, seed + 2000),
    ...uploadCases(images, 12, seed + 3000),
    ...webhookCases(webhookSecret, 16, seed + 4000),
    ...hardeningCases(),
    ...oembedCases(8, seed + 5000),
    ...unsubscribeCases(8, seed + 6000),
  ];
}
