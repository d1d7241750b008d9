// Hostile JSON bodies, query strings and path parameters, route by route.
import fc from "fast-check";
import { type Caller, type Ids, ALTCHA_PLACEHOLDER, type HostileCase, hostileString, hostileValue, hostileKey, MB, big, json, JSON_HEADERS, protoJson, survey } from "./values";

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

export function jsonCases(ids: Ids, runs: number, seed: number): HostileCase[] {
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

export function queryCases(ids: Ids, runs: number, seed: number): HostileCase[] {
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

export function pathCases(ids: Ids, runs: number, seed: number): HostileCase[] {
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
