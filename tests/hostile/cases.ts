// Hostile requests, generated with fast-check (a property-based generator: seeded, so any failing
// case can be replayed with HOSTILE_SEED). Every case must be refused: a 4xx with a clear JSON
// message (the HTML error page for pages), never a 5xx or a stack trace, and nothing written.
//
// Each request is built to be refused by design, while still carrying its hostile part to the
// parser: the hostile value sits in the field that decides (an enum, an id, an email, a literal), or
// the body is oversized, not JSON, of the wrong type or sent with the wrong content type, or the path
// is not an id. Valid free text (an Arabic or emoji name) is not refused, so it travels next to a
// deciding field that is. Cases marked `hardening` expect the hardened behaviour (docs/security.md).
import { createHmac } from "node:crypto";
import fc from "fast-check";

export type Caller = "anon" | "user" | "pro" | "surveyor" | "admin";
export type Ids = { survey: string; proEmail: string; userEmail: string; surveyorEmail: string };

/**
 * Where a body carries the `altcha` proof-of-work (registration, contact, forgot-password): the runner
 * puts a freshly fetched and really solved payload there when it sends the case (`withSolvedAltcha`),
 * so each case is refused for its hostile value, not for a missing robot check.
 */
export const ALTCHA_PLACEHOLDER = "{{solved-altcha-payload}}";

/** The body with its placeholder replaced by `payload` (bytes around it untouched: multipart stays intact). */
export function withSolvedAltcha(body: Buffer, payload: string): Buffer {
  const at = body.indexOf(ALTCHA_PLACEHOLDER);
  if (at < 0) return body;
  return Buffer.concat([body.subarray(0, at), Buffer.from(payload), body.subarray(at + ALTCHA_PLACEHOLDER.length)]);
}

export type HostileCase = {
  family: string;
  method: string;
  /** Already encoded as it goes on the wire (malformed percent-encoding is kept as it is). */
  path: string;
  caller: Caller;
  /** Send the caller as a session cookie instead of a bearer token. */
  cookie?: boolean;
  headers?: Record<string, string>;
  body?: Buffer;
  /** "json": an /api answer (JSON error body); "html": a page (HTML error page); "any": only 4xx. */
  kind: "json" | "html" | "any";
  /** Expects the hardened behaviour (415, 405, 413 on /api/auth, controls refused, bad %-encoding 400). */
  hardening?: boolean;
};

// ---- hostile values

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(10)",
  "\" OR \"\"=\"",
  "admin'--",
  "1 UNION SELECT password_hash FROM users",
  "%' AND 1=1 --",
  "$1",
  "::uuid",
];
const UNICODE = [
  "\u202Eevil\u202C", // right-to-left override
  "\u200F\u05E9\u05DC\u05D5\u05DD", // RLM + Hebrew
  "مرحبا بالعالم",
  "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301", // stacked combining accents
  "Z\u0351\u0364\u0300\u0315\u035Ba\u035D\u035Fl\u0489g\u0334o",
  "😀👩‍👩‍👧‍👦🏳️‍🌈",
  "\uFEFF\u200B\u2060",
  "\uD800", // lone surrogate
  "ｆｕｌｌｗｉｄｔｈ",
];
const controls = fc
  .array(fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c === 0x7f || c >= 0x80), { minLength: 1, maxLength: 6 })
  .map((codes) => String.fromCharCode(...codes));

/** A string that is never a valid enum value, id, email or intent id. */
export const hostileString = fc.oneof(
  fc.constantFrom(...SQL),
  fc.constantFrom(...UNICODE),
  controls.map((c) => `x${c}y`),
  fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => `${s}\u0000`),
  fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
  fc.constantFrom("", " ", "null", "undefined", "NaN", "-1", "0", "1e308", "../../etc/passwd", "<script>alert(1)</script>", "{{7*7}}", "${7*7}"),
);

/** Any JSON value a client could send where a string was expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom({ $ne: null }, { $gt: "" }, { $where: "1==1" }, { $regex: ".*" }, [{ $ne: null }]),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -0, [], {}, [[]]),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Keys that try to reach prototypes or smuggle fields. */
const hostileKey = fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "$where", "role", "yesCount", "_id", "status"), fc.string({ maxLength: 12 }));

const MB = 1024 * 1024;
const big = (n: number) => "x".repeat(n);

// ---- helpers

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const JSON_HEADERS = { "content-type": "application/json" };
/** JSON text with raw `__proto__`/`constructor` keys (JSON.stringify of an object literal would drop them). */
const protoJson = (inner: string) =>
  Buffer.from(`{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}},${inner}}`);

type JsonRoute = {
  name: string;
  method: string;
  path: (ids: Ids) => string;
  caller: Caller;
  /** A body the route would accept from this caller. */
  valid: (ids: Ids) => Record<string, unknown>;
  /** The field a hostile value always makes invalid (an enum, id, email or literal). */
  decisive: string;
  /** Free-text fields (controls and bidi overrides must be refused there). */
  text?: string[];
  /** Whether the valid body changes nothing (so it may be sent with a wrong content type). */
  harmless?: boolean;
  /**
   * Any string is a valid value of the deciding field (a name, a password): only values of another
   * type are sent there, so no case changes a name or counts a wrong password.
   */
  anyString?: boolean;
};

const today = () => new Date().toISOString().slice(0, 10);
const later = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const survey = () => ({ title: "A hostile survey", description: "Never stored.", category: "Other", deadline: later(), questionTitle: "Q?", questionDescription: "Yes or no?" });

export const JSON_ROUTES: JsonRoute[] = [
  { name: "contact", method: "POST", path: () => "/api/contact", caller: "anon", valid: () => ({ name: "Hostile", email: "a@b.test", message: "A message long enough.", altcha: ALTCHA_PLACEHOLDER }), decisive: "email", text: ["name", "message"] },
  { name: "create_survey", method: "POST", path: () => "/api/create_survey", caller: "surveyor", valid: survey, decisive: "category", text: ["title", "description", "questionTitle"] },
  { name: "updateDocument", method: "PUT", path: (ids) => `/api/updateDocument/${ids.survey}`, caller: "surveyor", valid: survey, decisive: "category", text: ["title"] },
  { name: "vote", method: "PUT", path: (ids) => `/api/vote/${ids.survey}`, caller: "pro", valid: () => ({ vote: "yes", comment: "A fine comment" }), decisive: "vote", text: ["comment"] },
  { name: "report_survey", method: "PUT", path: (ids) => `/api/report_survey/${ids.survey}`, caller: "user", valid: (ids) => ({ userEmail: ids.userEmail }), decisive: "userEmail" },
  { name: "reported_by", method: "POST", path: () => "/api/reported_by", caller: "user", valid: (ids) => ({ userEmail: ids.userEmail }), decisive: "userEmail", harmless: true },
  { name: "get_participated_survey", method: "POST", path: () => "/api/get_participated_survey", caller: "user", valid: (ids) => ({ userEmail: ids.userEmail }), decisive: "userEmail", harmless: true },
  { name: "get_commented_surveys", method: "POST", path: () => "/api/get_commented_surveys", caller: "pro", valid: (ids) => ({ userEmail: ids.proEmail }), decisive: "userEmail", harmless: true },
  { name: "is_user_exist", method: "POST", path: () => "/api/is_user_exist", caller: "user", valid: (ids) => ({ email: ids.userEmail }), decisive: "email", harmless: true },
  { name: "jwt", method: "POST", path: () => "/api/jwt", caller: "user", valid: (ids) => ({ email: ids.userEmail }), decisive: "email", harmless: true },
  { name: "user", method: "POST", path: () => "/api/user", caller: "user", valid: (ids) => ({ email: ids.userEmail }), decisive: "email", harmless: true },
  { name: "update_role", method: "POST", path: () => "/api/update_role", caller: "admin", valid: () => ({ id: "00000000-0000-4000-8000-000000000000", role: "user" }), decisive: "id" },
  { name: "update_role/{email}", method: "POST", path: (ids) => `/api/update_role/${encodeURIComponent(ids.proEmail)}`, caller: "pro", valid: () => ({ role: "pro_user" }), decisive: "role", harmless: true },
  { name: "update_survey_status", method: "POST", path: () => "/api/update_survey_status", caller: "admin", valid: (ids) => ({ id: ids.survey, status: "unpublish", feedbackMessage: "Hostile" }), decisive: "status", text: ["feedbackMessage"] },
  { name: "me (name)", method: "PATCH", path: () => "/api/me", caller: "user", valid: () => ({ name: "Uma User" }), decisive: "name", text: ["name"], anyString: true },
  { name: "me/password", method: "POST", path: () => "/api/me/password", caller: "user", valid: () => ({ currentPassword: "not-the-password", newPassword: "a-fine-password-1" }), decisive: "currentPassword", anyString: true },
  { name: "me (delete)", method: "DELETE", path: () => "/api/me", caller: "user", valid: () => ({ password: "not-the-password" }), decisive: "password", anyString: true },
  { name: "create-payment-intent", method: "POST", path: () => "/api/create-payment-intent", caller: "pro", valid: () => ({ amount: 1600 }), decisive: "amount" },
  { name: "save-payment", method: "POST", path: () => "/api/save-payment", caller: "pro", valid: () => ({ paymentIntentId: "pi_hostile" }), decisive: "paymentIntentId" },
  { name: "password/forgot", method: "POST", path: () => "/api/password/forgot", caller: "anon", valid: () => ({ email: "hostile@nowhere.test", altcha: ALTCHA_PLACEHOLDER }), decisive: "email" },
  {
    name: "password/reset",
    method: "POST",
    path: () => "/api/password/reset",
    caller: "anon",
    // Well-formed, but no such token: refused whatever the password.
    valid: () => ({ token: `00000000-0000-4000-8000-000000000000.${"A".repeat(43)}`, password: "a-good-password" }),
    decisive: "token",
    harmless: true,
  },
  { name: "me/email", method: "POST", path: () => "/api/me/email", caller: "user", valid: () => ({ email: "hostile-new@nowhere.test", password: "demo-password" }), decisive: "email" },
];

// A pro_user's own create-payment-intent is refused whatever the body (already pro: 409), so any
// object is a refused case there; for the others, the decisive field must be invalid.
const invalidFor = (route: JsonRoute, ids: Ids) =>
  hostileValue.filter((v) => {
    if (route.anyString) return typeof v !== "string";
    if (typeof v === "string") {
      const t = v.trim();
      if (route.decisive === "userEmail" || route.decisive === "email") return t.toLowerCase() !== ids.userEmail && t.toLowerCase() !== ids.proEmail && t !== "";
      if (route.decisive === "paymentIntentId") return !/^pi_[A-Za-z0-9_]{1,200}$/.test(t);
    }
    if (route.decisive === "userEmail" && (v === null || v === "" || (typeof v === "string" && v.trim() === ""))) return false;
    return true;
  });

function jsonCases(ids: Ids, runs: number, seed: number): HostileCase[] {
  const cases: HostileCase[] = [];
  JSON_ROUTES.forEach((route, index) => {
    const base = { method: route.method, path: route.path(ids), caller: route.caller, kind: "json" as const };
    const s = seed + index * 97;
    // A hostile value in the deciding field, with extra hostile fields and keys beside it.
    for (const [value, extras, cookie] of fc.sample(fc.tuple(invalidFor(route, ids), fc.dictionary(hostileKey, hostileValue, { maxKeys: 3 }), fc.boolean()), { seed: s, numRuns: runs })) {
      const body = { ...route.valid(ids), ...extras, [route.decisive]: value };
      if (route.name === "create-payment-intent") delete body.amount;
      cases.push({ ...base, family: "json: wrong type, operator, SQL, Unicode in the deciding field", cookie, headers: JSON_HEADERS, body: json(route.name === "create-payment-intent" ? [body] : body) });
    }
    // __proto__ and constructor keys, with the deciding field invalid.
    cases.push({ ...base, family: "json: __proto__ and constructor keys", headers: JSON_HEADERS, body: protoJson(`"${route.decisive}":{"$ne":null}`) });
    // Not JSON at all.
    for (const text of fc.sample(fc.oneof(fc.string({ maxLength: 30 }).map((s) => `{${s}`), fc.constantFrom("{", "[1,", '{"a":}', "nul", "{'a':1}", '{"a":1}}', "\u0000", "\uFEFF{")), { seed: s + 1, numRuns: 2 })) {
      cases.push({ ...base, family: "json: invalid JSON", headers: JSON_HEADERS, body: Buffer.from(text) });
    }
    // A required field missing.
    const missing = { ...route.valid(ids) };
    delete missing[route.decisive];
    if (route.name !== "create-payment-intent" && !["reported_by", "get_participated_survey", "get_commented_surveys", "report_survey"].includes(route.name)) {
      cases.push({ ...base, family: "json: missing field", headers: JSON_HEADERS, body: json(missing) });
    }
    // A 1 MB string (over every JSON route's limit).
    cases.push({ ...base, family: "json: 1 MB string", headers: JSON_HEADERS, body: json({ ...route.valid(ids), [route.text?.[0] ?? route.decisive]: big(MB) }) });
    // Invalid JSON with the wrong content type: refused either way.
    cases.push({ ...base, family: "json: wrong content type, invalid body", headers: { "content-type": "text/plain" }, body: Buffer.from("{not json") });
    // A body the route would accept, as text/plain (a cross-site form can send that without a preflight).
    if (route.harmless) {
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
        // By session cookie: what a cross-site form would carry.
        cases.push({ ...base, family: "json: valid body, wrong content type (415)", hardening: true, cookie: true, headers: { "content-type": type }, body: json(route.valid(ids)) });
      }
    }
    // Control characters and bidirectional overrides in free text (refused, not stripped:
    // a 4xx here).
    if (!route.text) return;
    for (const [field, value] of fc.sample(fc.tuple(fc.constantFrom(...route.text), fc.constantFrom("\u001b[31mred", "bell\u0007", "\u202Egnp.exe", "a\u0085b", "tab\u000bvt", "\u2066isolate\u2069")), { seed: s + 2, numRuns: 2 })) {
      const body = { ...route.valid(ids), [field]: `Hostile ${value} text` };
      cases.push({ ...base, family: "json: control or bidi characters in free text", hardening: true, headers: JSON_HEADERS, body: json(body) });
    }
  });
  return cases;
}

// ---- query strings

const QUERY_ROUTES: { path: (ids: Ids) => string; caller: Caller; keys: string[] }[] = [
  { path: () => "/api/all_surveys", caller: "anon", keys: ["sort", "category"] },
  { path: () => "/api/get_user", caller: "admin", keys: ["role", "q"] },
  { path: () => "/api/get_payment_info", caller: "admin", keys: [] },
  { path: () => "/api/contact_messages", caller: "admin", keys: [] },
  { path: () => "/api/feedbacks", caller: "surveyor", keys: [] },
  { path: (ids) => `/api/survey/${ids.survey}/voters`, caller: "surveyor", keys: [] },
];

const badNumber = fc.oneof(
  fc.constantFrom("0", "-1", "1.5", "abc", "1e9", "NaN", "Infinity", "0x10", "", " ", "1 OR 1=1", "9".repeat(400), "%zz", "%E0%A4%A", "[]", "{\"$gt\":0}"),
  hostileString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "?"))).filter((s) => !/^\d+$/.test(decodeURIComponent(s).trim()) || decodeURIComponent(s).trim() === "0"),
);

function queryCases(ids: Ids, runs: number, seed: number): HostileCase[] {
  return QUERY_ROUTES.flatMap((route, index) =>
    fc
      .sample(
        fc.tuple(fc.constantFrom("page", "limit"), badNumber, fc.array(fc.tuple(fc.oneof(fc.constantFrom(...route.keys, "page[$ne]", "__proto__", "limit[]"), fc.string({ maxLength: 6 })), hostileString), { maxLength: 3 })),
        { seed: seed + index * 31, numRuns: runs },
      )
      .map(([key, value, extras]) => {
        const rest = extras
          .filter(([k]) => k !== "page" && k !== "limit")
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "?"))}`);
        return {
          family: "query: out-of-range, non-numeric or malformed paging",
          method: "GET",
          path: `${route.path(ids)}?${[...rest, `${key}=${value}`].join("&")}`,
          caller: route.caller,
          kind: "json" as const,
        };
      }),
  );
}

// ---- path parameters

const notAnId = fc.oneof(
  hostileString.filter((s) => s.trim() !== "" && !/^[./]+$/.test(s)),
  fc.uuid().map((u) => u.toUpperCase().replace(/-/g, "")),
  fc.uuid().map((u) => `${u}x`),
  fc.uuid().map((u) => ` ${u}`),
  fc.constantFrom("1", "-1", "0x1", "null", "[object Object]", "%00", "a".repeat(5000)),
);
const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));

function pathCases(ids: Ids, runs: number, seed: number): HostileCase[] {
  const routes: { path: (p: string) => string; method: string; caller: Caller; body?: Buffer; kind: "json" | "html" }[] = [
    { path: (p) => `/api/survey/${p}`, method: "GET", caller: "anon", kind: "json" },
    { path: (p) => `/api/get_updated_survey/${p}`, method: "GET", caller: "user", kind: "json" },
    { path: (p) => `/api/vote/${p}`, method: "GET", caller: "user", kind: "json" },
    { path: (p) => `/api/vote/${p}`, method: "PUT", caller: "user", body: json({ vote: "yes" }), kind: "json" },
    { path: (p) => `/api/report_survey/${p}`, method: "PUT", caller: "user", body: json({}), kind: "json" },
    { path: (p) => `/api/updateDocument/${p}`, method: "PUT", caller: "surveyor", body: json({}), kind: "json" },
    { path: (p) => `/api/avatars/${p}`, method: "GET", caller: "anon", kind: "json" },
    { path: (p) => `/api/survey/${p}/voters`, method: "GET", caller: "surveyor", kind: "json" },
    { path: (p) => `/api/survey/${p}/export`, method: "GET", caller: "admin", kind: "json" },
    { path: (p) => `/api/surveys/${p}`, method: "GET", caller: "admin", kind: "json" },
    { path: (p) => `/api/update_role/${p}`, method: "POST", caller: "pro", body: json({ role: "pro_user" }), kind: "json" },
    { path: (p) => `/api/users/${p}/verification-email`, method: "POST", caller: "admin", body: json({}), kind: "json" },
    { path: (p) => `/api/users/${p}/suspension`, method: "POST", caller: "admin", body: json({ reason: "hostile" }), kind: "json" },
    { path: (p) => `/api/users/${p}/votes/void`, method: "POST", caller: "admin", body: json({ reason: "hostile" }), kind: "json" },
    { path: (p) => `/api/survey/${p}/qr`, method: "GET", caller: "anon", kind: "json" },
    { path: (p) => `/api/me/sessions/${p}`, method: "DELETE", caller: "user", kind: "json" },
    { path: (p) => `/survey/details/${p}`, method: "GET", caller: "anon", kind: "html" },
  ];
  const cases: HostileCase[] = routes.flatMap((route, index) =>
    fc.sample(notAnId.filter((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)), { seed: seed + index * 13, numRuns: runs }).map((id) => ({
      family: "path: ids that are not ids",
      method: route.method,
      path: route.path(encode(id)),
      caller: route.caller,
      kind: route.kind,
      ...(route.body && { headers: JSON_HEADERS, body: route.body }),
    })),
  );
  // Malformed percent-encoding (Next alone answers some of these with a 500).
  const malformed = fc.constantFrom("%", "%zz", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%%", "%G1", "abc%", "%E0%A4");
  const templates = ["/api/survey/", "/api/", "/api/vote/", "/api/auth/", "/api/avatars/", "/survey/details/", "/api/survey/x/voters/"];
  for (const [template, bad] of fc.sample(fc.tuple(fc.constantFrom(...templates), malformed), { seed: seed + 7, numRuns: 24 })) {
    // Refused before any route or page is chosen (the address cannot be decoded): a JSON error everywhere.
    cases.push({ family: "path: malformed percent-encoding", method: "GET", path: `${template}${bad}`, caller: "anon", kind: "json", hardening: true });
  }
  return cases;
}

// ---- multipart uploads (upload, register)

export type Images = { png: Buffer; jpeg: Buffer };

/** A PNG whose header claims another size (CRC recomputed, so only the pixels give it away). */
export function lyingPng(png: Buffer, width: number, height: number) {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}
function crc32(bytes: Buffer) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function multipart(fields: [string, string | { name: string; type: string; bytes: Buffer }][], boundary = "----hostile7MA4YWxk") {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === "string") parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`));
      parts.push(value.bytes, Buffer.from("\r\n"));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function uploadCases(images: Images, runs: number, seed: number): HostileCase[] {
  const badImage = fc.oneof(
    fc.tuple(fc.integer({ min: 8_000, max: 2 ** 31 - 1 }), fc.integer({ min: 8_000, max: 2 ** 31 - 1 })).map(([w, h]) => ({ label: "PNG claiming a huge size", bytes: lyingPng(images.png, w, h), type: "image/png" })),
    fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })).map(([w, h]) => ({ label: "PNG claiming a tiny size", bytes: lyingPng(images.png, w, h), type: "image/png" })),
    fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((b) => ({ label: "random bytes as a PNG", bytes: Buffer.from(b), type: "image/png" })),
    fc.integer({ min: 8, max: 200 }).map((n) => ({ label: "a truncated JPEG", bytes: images.jpeg.subarray(0, n), type: "image/jpeg" })),
    fc.constant({ label: "an SVG with a script", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'), type: "image/svg+xml" }),
    fc.constant({ label: "HTML named .png", bytes: Buffer.from("<html><script>alert(1)</script></html>"), type: "image/png" }),
  );
  const cases: HostileCase[] = [];
  for (const [image, cookie] of fc.sample(fc.tuple(badImage, fc.boolean()), { seed, numRuns: runs })) {
    const { body, headers } = multipart([["image", { name: "me.png", type: image.type, bytes: image.bytes }]]);
    cases.push({ family: `multipart: ${image.label} (upload)`, method: "POST", path: "/api/upload", caller: "user", cookie, headers, body, kind: "json" });
  }
  // Valid names of every script and emoji, a fresh email, and a picture that lies: no account may appear.
  const name = fc.oneof(fc.constantFrom(...UNICODE.filter((u) => !/[\u202E\uD800]/.test(u))), fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((s) => /\S/.test(s) && !/\p{Cc}/u.test(s)));
  for (const [person, image, n] of fc.sample(fc.tuple(name, badImage, fc.nat()), { seed: seed + 1, numRuns: runs })) {
    const { body, headers } = multipart([
      ["name", person],
      ["email", `hostile-${n}@example.test`],
      ["password", "a-fine-password-1"],
      ["image", { name: "me.png", type: image.type, bytes: image.bytes }],
      ["altcha", ALTCHA_PLACEHOLDER],
    ]);
    cases.push({ family: `multipart: emoji/RTL name with ${image.label} (register)`, method: "POST", path: "/api/register", caller: "anon", headers, body, kind: "json" });
  }
  const fixed: [string, string, { body: Buffer; headers: Record<string, string> }][] = [
    ["upload", "no image field", multipart([["note", "hello"]])],
    ["upload", "image as a text field", multipart([["image", "not a file"]])],
    ["upload", "an image over 5 MB", multipart([["image", { name: "big.png", type: "image/png", bytes: Buffer.concat([images.png, Buffer.alloc(6 * MB)]) }]])],
    ["upload", "a broken boundary", { body: Buffer.from("--nope\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\nxx"), headers: { "content-type": "multipart/form-data; boundary=other" } }],
    ["upload", "a boundary that is missing", { body: Buffer.from("abc"), headers: { "content-type": "multipart/form-data" } }],
    ["upload", "JSON instead of a form", { body: json({ image: "data:image/png;base64,AAAA" }), headers: JSON_HEADERS }],
    ["register", "a name with control characters", multipart([["name", "Evil\u001b[2J"], ["email", "ctl@example.test"], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "an email as an operator", multipart([["name", "Op"], ["email", '{"$ne":null}'], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "a 1 MB name", multipart([["name", big(MB)], ["email", "big@example.test"], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "no picture", multipart([["name", "No Picture 😀"], ["email", "nopic@example.test"], ["password", "a-fine-password-1"], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "an image over 5 MB", multipart([["name", "Big"], ["email", "bigpic@example.test"], ["password", "a-fine-password-1"], ["image", { name: "big.png", type: "image/png", bytes: Buffer.concat([images.png, Buffer.alloc(6 * MB)]) }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "the seeded admin's email", multipart([["name", "Again"], ["email", "admin@demo.test"], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
  ];
  for (const [route, label, { body, headers }] of fixed) {
    cases.push({ family: `multipart: ${label} (${route})`, method: "POST", path: `/api/${route}`, caller: route === "upload" ? "user" : "anon", headers, body, kind: "json" });
  }
  return cases;
}

// ---- the Stripe webhook

export function stripeSignature(payload: Buffer, secret: string, at = Math.floor(Date.now() / 1000)) {
  return `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${payload.toString("utf8")}`).digest("hex")}`;
}

function webhookCases(secret: string, runs: number, seed: number): HostileCase[] {
  const cases: HostileCase[] = [];
  const payload = fc.oneof(
    fc.json().map((j) => Buffer.from(j)),
    hostileValue.map((v) => json(v)),
    fc.constant(Buffer.from('{"__proto__":{"id":"evt_1"},"id":{"$ne":null},"type":"charge.refunded","data":{"object":{"id":"ch_1"}}}')),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  );
  for (const [body, signature] of fc.sample(
    fc.tuple(payload, fc.oneof(fc.constant(undefined), fc.constantFrom("", "t=1,v1=00", "v1=abc", "t=abc", "t=1700000000,v1=" + "0".repeat(64)), hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "")))),
    { seed, numRuns: runs },
  )) {
    cases.push({ family: "webhook: unsigned or badly signed", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", ...(signature !== undefined && { "stripe-signature": signature }) }, body, kind: "json" });
  }
  // Correctly signed, but not a Stripe event (no id/type/data.object.id strings), or signed too long ago.
  for (const value of fc.sample(hostileValue, { seed: seed + 1, numRuns: Math.ceil(runs / 2) })) {
    const body = json(value);
    cases.push({ family: "webhook: signed, but not an event", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", "stripe-signature": stripeSignature(body, secret) }, body, kind: "json" });
  }
  const stale = json({ id: "evt_hostile_stale", type: "charge.refunded", data: { object: { id: "ch_x" } } });
  cases.push({ family: "webhook: signed an hour ago", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", "stripe-signature": stripeSignature(stale, secret, Math.floor(Date.now() / 1000) - 3600) }, body: stale, kind: "json" });
  cases.push({ family: "webhook: over 512 KB", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0" }, body: json({ pad: big(MB) }), kind: "json" });
  return cases;
}

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

export { today };
