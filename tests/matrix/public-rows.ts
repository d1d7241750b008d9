// The authorisation matrix's rows for the /api calls anyone may make (tests/matrix/routes.ts): what each
// probe sends, the status that means "let in", and its proof. Who is let in is not here: each route
// declares it (`route({ auth })`), and the matrix reads it from the API reference.
import { all, sendRow, type Row } from "./callers";

const SURVEY_ID = "app/api/survey/[id]/route.ts";

export const PUBLIC_ROWS: Row[] = [
  // ---- public reads
  { file: "app/api/all_surveys/route.ts", method: "GET", path: () => "/api/all_surveys?limit=2", proof: "public list" },
  { file: "app/api/all_surveys/route.ts", method: "OPTIONS", path: () => "/api/all_surveys", letIn: 204, proof: "CORS preflight, no data" },
  { file: "app/api/get_features_surveys/route.ts", method: "GET", path: () => "/api/get_features_surveys", proof: "public list" },
  { file: "app/api/get_features_surveys/route.ts", method: "OPTIONS", path: () => "/api/get_features_surveys", letIn: 204, proof: "preflight" },
  { file: "app/api/get_latest_survey/route.ts", method: "GET", path: () => "/api/get_latest_survey", proof: "public list" },
  { file: "app/api/get_latest_survey/route.ts", method: "OPTIONS", path: () => "/api/get_latest_survey", letIn: 204, proof: "preflight" },
  { file: "app/api/health/route.ts", method: "GET", path: () => "/api/health", proof: "liveness, no data" },
  { file: "app/api/health/ready/route.ts", method: "GET", path: () => "/api/health/ready", proof: "readiness, no data" },
  { file: "app/api/metrics/route.ts", method: "GET", path: () => "/api/metrics", letIn: 404, proof: "no METRICS_TOKEN on this server: the endpoint does not exist; a session or API token is never the metrics token (app/api/metrics/route.test.ts)" },
  { file: "app/api/openapi.json/route.ts", method: "GET", path: () => "/api/openapi.json", proof: "the API reference's document: public, the same static file for everyone" },
  { file: "app/api/me/route.ts", method: "GET", path: () => "/api/me", proof: "answers the caller's own identity or null" },
  {
    file: "app/api/altcha/challenge/route.ts",
    method: "GET",
    path: () => "/api/altcha/challenge",
    proof: "a fresh proof-of-work challenge for anyone, the same kind for every caller; no data, never cached",
  },
  { file: "app/api/avatars/[id]/route.ts", method: "GET", path: (ids) => `/api/avatars/${ids.missing}`, letIn: 404, proof: "public pictures by id; an unknown id is 404 for everyone" },
  { file: SURVEY_ID, method: "GET", path: (ids) => `/api/survey/${ids.survey}`, proof: "a published survey is public" },
  {
    file: SURVEY_ID,
    method: "GET",
    path: (ids) => `/api/survey/${ids.unpublished}`,
    letIn: 404,
    expect: { owner: 200, admin: 200 },
    proof: "an unpublished survey exists only for its surveyor and admins",
  },
  { file: SURVEY_ID, method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}`, letIn: 204, proof: "preflight" },
  { file: "app/api/survey/[id]/results/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.survey}/results`, proof: "shared live figures, the same for everyone" },
  {
    file: "app/api/survey/[id]/results/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.unpublished}/results`,
    letIn: 404,
    proof: "an unpublished survey has no public figures, not even for its surveyor",
  },
  // A published survey's stream never ends, so it is not sent here: its 200 for everyone (no session is
  // read) is in app/api/survey/[id]/live/route.test.ts and e2e/live.spec.ts.
  {
    file: "app/api/survey/[id]/live/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.unpublished}/live`,
    letIn: 404,
    proof: "an unpublished survey has no public figures to stream, not even for its surveyor (JSON 404, no stream)",
  },
  { file: "app/api/survey/[id]/live/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.missing}/live`, letIn: 404, proof: "an unknown survey: JSON 404, no stream" },
  { file: "app/api/survey/[id]/live/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/live`, letIn: 204, proof: "preflight" },
  { file: "app/api/survey/[id]/qr/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.survey}/qr`, proof: "a published survey's QR code, the same for everyone" },
  { file: "app/api/survey/[id]/qr/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.unpublished}/qr`, letIn: 404, proof: "an unpublished survey has no public address to draw, not even for its surveyor" },
  {
    file: "app/api/oembed/route.ts",
    method: "GET",
    path: (ids) => `/api/oembed?url=${encodeURIComponent(`https://elsewhere.example/survey/details/${ids.survey}`)}`,
    letIn: 404,
    proof: "public; an address of another site is 404 for everyone, never fetched (the answer itself: app/api/oembed/route.test.ts)",
  },
  { file: "app/api/survey/[id]/results/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/results`, letIn: 204, proof: "preflight" },
  { file: "app/api/get_updated_survey/[id]/route.ts", method: "GET", path: (ids) => `/api/get_updated_survey/${ids.survey}`, proof: "same handler as /api/survey/{id}" },
  {
    file: "app/api/get_updated_survey/[id]/route.ts",
    method: "GET",
    path: (ids) => `/api/get_updated_survey/${ids.unpublished}`,
    letIn: 404,
    expect: { owner: 200, admin: 200 },
    proof: "unpublished: its surveyor and admins only",
  },
  { file: "app/api/get_updated_survey/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/get_updated_survey/${ids.survey}`, letIn: 204, proof: "preflight" },
  { file: "app/api/vote/[id]/route.ts", method: "GET", path: (ids) => `/api/vote/${ids.survey}`, proof: "counts and the caller's own vote" },
  {
    file: "app/api/vote/[id]/route.ts",
    method: "GET",
    path: (ids) => `/api/vote/${ids.unpublished}`,
    letIn: 404,
    proof: "voting state exists only for published surveys (its surveyor reads counts on the results page)",
  },
  { file: "app/api/vote/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/vote/${ids.survey}`, letIn: 204, proof: "preflight" },
  // ---- the auth endpoints
  { file: "app/api/auth/[...nextauth]/route.ts", method: "GET", path: () => "/api/auth/session", proof: "Auth.js session: the caller's own or null" },
  {
    file: "app/api/auth/[...nextauth]/route.ts",
    method: "POST",
    path: () => "/api/auth/callback/credentials",
    body: () => ({ raw: "email=nobody%40demo.test&password=x", contentType: "application/x-www-form-urlencoded" }),
    letIn: 302,
    proof: "without the CSRF token no sign-in is even tried (redirect to the error page), whoever calls",
  },
  // ---- no caller identity at all
  sendRow("POST", "/api/passkeys/sign-in-options", { json: { email: "matrix@demo.test" } }, 400, "open to everyone; a body it does not read is refused (400), no challenge made (the options themselves: app/api/passkeys/sign-in-options/route.test.ts)"),
  sendRow("POST", "/api/contact", { json: {} }, 400, "open to everyone; an empty message is refused, nothing stored (a valid one also needs a solved proof-of-work: app/api/register/altcha.test.ts)"),
  sendRow("POST", "/api/register", { multipart: { name: "Matrix", email: "not-an-email", password: "x" } }, 400, "open to everyone; an invalid form is refused, no account created"),
  sendRow("POST", "/api/password/forgot", { json: { email: "not-an-email" } }, 400, "open to everyone; an invalid address is refused, nothing mailed"),
  sendRow("POST", "/api/password/reset", { json: { token: "not-a-token", password: "x" } }, 400, "open to everyone (the mailed token is the authentication); a malformed one is refused, nothing changed"),
  sendRow("POST", "/api/verify-email", { json: { token: "not-a-token" } }, 400, "open to everyone (the mailed token is the authentication); a malformed one is refused, nothing changed"),
  sendRow("POST", "/api/confirm-email", { json: { token: "not-a-token" } }, 400, "open to everyone (the mailed token is the authentication); a malformed one is refused, nothing changed"),
  {
    file: "app/api/unsubscribe/route.ts",
    method: "POST",
    path: (ids) => `/api/unsubscribe?token=${ids.missing}.results.forged`,
    body: () => ({ raw: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" }),
    letIn: 400,
    proof: "the signed link is the only authentication: a session or token without it is refused, nothing changed",
  },
  sendRow("POST", "/api/stripe/webhook", { raw: '{"id":"evt_1","type":"charge.refunded","data":{"object":{"id":"ch_1"}}}', contentType: "application/json" }, 400, "the Stripe signature is the only authentication: a session or token without it is refused"),
  // ---- unknown /api paths: no operation (`doc: null`), so the row says what every caller gets
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(
    (method): Row => ({ file: "app/api/[...path]/route.ts", method, path: () => "/api/no/such/call", expect: all(404), proof: "JSON 404 for everyone" }),
  ),
];
