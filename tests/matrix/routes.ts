// The authorisation matrix: every /api route (each method its route.ts exports) and every dashboard
// page, against every kind of caller, with the status each must get. e2e/matrix.spec.ts sends every
// row as every caller (session cookie and bearer token, with and without `x-middleware-subrequest`)
// to a production build; tests/matrix/routes.test.ts fails when a route file or method has no row.
//
// How a row proves authorization without changing shared demo state: reads are sent as they are;
// writes either carry a body that the route refuses only *after* the caller passed the role check
// (the wrapper checks the caller, then params, then the body: 400 therefore means "allowed in"), or a
// body that is valid but changes nothing (an upgrade confirmation for an account that is already
// pro_user, a token for oneself). Each row's `proof` says which.

export const CALLERS = ["anon", "user", "pro", "owner", "other", "admin"] as const;
export type Caller = (typeof CALLERS)[number];

/** Demo accounts (seeded by scripts/seed.ts): `owner` owns the survey ids below; `other` is another surveyor. */
export const ACCOUNTS: Record<Exclude<Caller, "anon">, string> = {
  user: "user@demo.test",
  pro: "pro@demo.test",
  owner: "surveyor@demo.test",
  other: "surveyor2@demo.test",
  admin: "admin@demo.test",
};

/**
 * A status; a redirect to the login page or to the caller's own dashboard (`/dashboard/{role}`); or a
 * surveyor page that says in place (200, `role="alert"`) that the survey is someone else's, showing none of it.
 */
export type Expected = number | "login" | "own-dashboard" | "refused-in-page";

export type Ids = {
  /** A published, open survey owned by `owner`. */
  survey: string;
  /** An unpublished survey owned by `owner`. */
  unpublished: string;
  /** A well-formed id that is no survey. */
  missing: string;
};

export type RequestBody =
  | { json: unknown }
  | { raw: string; contentType: string }
  | { multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> };

export type Row = {
  /** The file under app/ this row covers. */
  file: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
  path: (ids: Ids) => string;
  body?: (caller: Caller) => RequestBody;
  expect: Record<Caller, Expected>;
  /** Where a bearer-token caller gets something else than the same caller by cookie. */
  bearer?: Partial<Record<Caller, Expected>>;
  proof: string;
};

const all = (status: Expected): Record<Caller, Expected> => ({ anon: status, user: status, pro: status, owner: status, other: status, admin: status });
/** Only these callers get `status`; everyone else signed in gets 403, the signed-out 401. */
const only = (callers: Caller[], status: Expected): Record<Caller, Expected> => {
  const result = { ...all(403), anon: 401 as Expected };
  for (const c of callers) result[c] = status;
  return result;
};
const signedIn = (status: Expected) => ({ ...all(status), anon: 401 as Expected });
/** A dashboard page: signed out to the login page, the wrong role to its own dashboard. */
const page = (callers: Caller[], status: Expected = 200): Record<Caller, Expected> => {
  const result = { ...all("own-dashboard"), anon: "login" as Expected };
  for (const c of callers) result[c] = status;
  return result;
};
const emailOf = (caller: Caller) => (caller === "anon" ? "nobody@demo.test" : ACCOUNTS[caller]);

const SURVEY_ID = "app/api/survey/[id]/route.ts";

export const ROWS: Row[] = [
  // ---- public reads
  { file: "app/api/all_surveys/route.ts", method: "GET", path: () => "/api/all_surveys?limit=2", expect: all(200), proof: "public list" },
  { file: "app/api/all_surveys/route.ts", method: "OPTIONS", path: () => "/api/all_surveys", expect: all(204), proof: "CORS preflight, no data" },
  { file: "app/api/get_features_surveys/route.ts", method: "GET", path: () => "/api/get_features_surveys", expect: all(200), proof: "public list" },
  { file: "app/api/get_features_surveys/route.ts", method: "OPTIONS", path: () => "/api/get_features_surveys", expect: all(204), proof: "preflight" },
  { file: "app/api/get_latest_survey/route.ts", method: "GET", path: () => "/api/get_latest_survey", expect: all(200), proof: "public list" },
  { file: "app/api/get_latest_survey/route.ts", method: "OPTIONS", path: () => "/api/get_latest_survey", expect: all(204), proof: "preflight" },
  { file: "app/api/health/route.ts", method: "GET", path: () => "/api/health", expect: all(200), proof: "liveness, no data" },
  { file: "app/api/health/ready/route.ts", method: "GET", path: () => "/api/health/ready", expect: all(200), proof: "readiness, no data" },
  { file: "app/api/metrics/route.ts", method: "GET", path: () => "/api/metrics", expect: all(404), proof: "no METRICS_TOKEN on this server: the endpoint does not exist; a session or API token is never the metrics token (app/api/metrics/route.test.ts)" },
  { file: "app/api/openapi.json/route.ts", method: "GET", path: () => "/api/openapi.json", expect: all(200), proof: "the API reference's document: public, the same static file for everyone" },
  { file: "app/api/me/route.ts", method: "GET", path: () => "/api/me", expect: all(200), proof: "answers the caller's own identity or null" },
  {
    file: "app/api/altcha/challenge/route.ts",
    method: "GET",
    path: () => "/api/altcha/challenge",
    expect: all(200),
    proof: "a fresh proof-of-work challenge for anyone, the same kind for every caller; no data, never cached",
  },
  { file: "app/api/avatars/[id]/route.ts", method: "GET", path: (ids) => `/api/avatars/${ids.missing}`, expect: all(404), proof: "public pictures by id; an unknown id is 404 for everyone" },
  { file: SURVEY_ID, method: "GET", path: (ids) => `/api/survey/${ids.survey}`, expect: all(200), proof: "a published survey is public" },
  {
    file: SURVEY_ID,
    method: "GET",
    path: (ids) => `/api/survey/${ids.unpublished}`,
    expect: { anon: 404, user: 404, pro: 404, owner: 200, other: 404, admin: 200 },
    proof: "an unpublished survey exists only for its surveyor and admins",
  },
  { file: SURVEY_ID, method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}`, expect: all(204), proof: "preflight" },
  { file: "app/api/survey/[id]/results/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.survey}/results`, expect: all(200), proof: "shared live figures, the same for everyone" },
  {
    file: "app/api/survey/[id]/results/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.unpublished}/results`,
    expect: all(404),
    proof: "an unpublished survey has no public figures, not even for its surveyor",
  },
  // A published survey's stream never ends, so it is not sent here: its 200 for everyone (no session is
  // read) is in app/api/survey/[id]/live/route.test.ts and e2e/live.spec.ts.
  {
    file: "app/api/survey/[id]/live/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.unpublished}/live`,
    expect: all(404),
    proof: "an unpublished survey has no public figures to stream, not even for its surveyor (JSON 404, no stream)",
  },
  { file: "app/api/survey/[id]/live/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.missing}/live`, expect: all(404), proof: "an unknown survey: JSON 404, no stream" },
  { file: "app/api/survey/[id]/live/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/live`, expect: all(204), proof: "preflight" },
  { file: "app/api/survey/[id]/qr/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.survey}/qr`, expect: all(200), proof: "a published survey's QR code, the same for everyone" },
  { file: "app/api/survey/[id]/qr/route.ts", method: "GET", path: (ids) => `/api/survey/${ids.unpublished}/qr`, expect: all(404), proof: "an unpublished survey has no public address to draw, not even for its surveyor" },
  {
    file: "app/api/oembed/route.ts",
    method: "GET",
    path: (ids) => `/api/oembed?url=${encodeURIComponent(`https://elsewhere.example/survey/details/${ids.survey}`)}`,
    expect: all(404),
    proof: "public; an address of another site is 404 for everyone, never fetched (the answer itself: app/api/oembed/route.test.ts)",
  },
  { file: "app/api/survey/[id]/results/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/results`, expect: all(204), proof: "preflight" },
  { file: "app/api/get_updated_survey/[id]/route.ts", method: "GET", path: (ids) => `/api/get_updated_survey/${ids.survey}`, expect: all(200), proof: "same handler as /api/survey/{id}" },
  {
    file: "app/api/get_updated_survey/[id]/route.ts",
    method: "GET",
    path: (ids) => `/api/get_updated_survey/${ids.unpublished}`,
    expect: { anon: 404, user: 404, pro: 404, owner: 200, other: 404, admin: 200 },
    proof: "unpublished: its surveyor and admins only",
  },
  { file: "app/api/get_updated_survey/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/get_updated_survey/${ids.survey}`, expect: all(204), proof: "preflight" },
  { file: "app/api/vote/[id]/route.ts", method: "GET", path: (ids) => `/api/vote/${ids.survey}`, expect: all(200), proof: "counts and the caller's own vote" },
  {
    file: "app/api/vote/[id]/route.ts",
    method: "GET",
    path: (ids) => `/api/vote/${ids.unpublished}`,
    expect: all(404),
    proof: "voting state exists only for published surveys (its surveyor reads counts on the results page)",
  },
  { file: "app/api/vote/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/vote/${ids.survey}`, expect: all(204), proof: "preflight" },
  // ---- the auth endpoints
  { file: "app/api/auth/[...nextauth]/route.ts", method: "GET", path: () => "/api/auth/session", expect: all(200), proof: "Auth.js session: the caller's own or null" },
  {
    file: "app/api/auth/[...nextauth]/route.ts",
    method: "POST",
    path: () => "/api/auth/callback/credentials",
    body: () => ({ raw: "email=nobody%40demo.test&password=x", contentType: "application/x-www-form-urlencoded" }),
    expect: all(302),
    proof: "without the CSRF token no sign-in is even tried (redirect to the error page), whoever calls",
  },
  // ---- signed-in calls
  {
    file: "app/api/jwt/route.ts",
    method: "POST",
    path: () => "/api/jwt",
    body: (c) => ({ json: { email: emailOf(c) } }),
    expect: signedIn(200),
    bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 },
    proof: "a token for oneself (harmless); a bearer token cannot renew itself (403)",
  },
  {
    file: "app/api/is_user_exist/route.ts",
    method: "POST",
    path: () => "/api/is_user_exist",
    body: () => ({ json: { email: ACCOUNTS.admin } }),
    expect: only(["admin"], 200),
    proof: "looking up someone else's account: admins only",
  },
  {
    file: "app/api/user/route.ts",
    method: "POST",
    path: () => "/api/user",
    body: (c) => ({ json: { email: emailOf(c) } }),
    expect: signedIn(200),
    proof: "idempotent: the caller's own account already exists, nothing is written",
  },
  {
    file: "app/api/user/route.ts",
    method: "POST",
    path: () => "/api/user",
    body: () => ({ json: { email: ACCOUNTS.admin, role: "admin" } }),
    expect: { ...signedIn(403), admin: 403 },
    proof: "nobody registers another account or a role other than user",
  },
  {
    file: "app/api/upload/route.ts",
    method: "POST",
    path: () => "/api/upload",
    body: () => ({ multipart: { note: "no picture" } }),
    expect: signedIn(400),
    proof: "a form without its picture is refused after the sign-in check (400), nothing stored",
  },
  {
    file: "app/api/create-payment-intent/route.ts",
    method: "POST",
    path: () => "/api/create-payment-intent",
    body: () => ({ json: ["not", "an", "object"] }),
    expect: signedIn(400),
    proof: "a body refused after the sign-in check: no intent is opened",
  },
  {
    file: "app/api/save-payment/route.ts",
    method: "POST",
    path: () => "/api/save-payment",
    body: () => ({ json: { paymentIntentId: "not-an-intent" } }),
    expect: signedIn(400),
    proof: "an intent id refused after the sign-in check: nothing fulfilled",
  },
  {
    file: "app/api/update_role/[email]/route.ts",
    method: "POST",
    path: () => `/api/update_role/${encodeURIComponent(ACCOUNTS.pro)}`,
    body: () => ({ json: { role: "pro_user" } }),
    expect: { anon: 401, user: 403, pro: 200, owner: 403, other: 403, admin: 200 },
    proof: "confirming pro@'s upgrade: only pro@ and admins; already pro_user, so nothing changes",
  },
  // ---- the caller's own account (every signed-in role)
  {
    file: "app/api/me/route.ts",
    method: "PATCH",
    path: () => "/api/me",
    body: () => ({ json: { name: "" } }),
    expect: signedIn(400),
    proof: "an empty name refused after the sign-in check (400): no name changed",
  },
  {
    file: "app/api/me/route.ts",
    method: "DELETE",
    path: () => "/api/me",
    body: () => ({ json: { password: "not-the-demo-password" } }),
    expect: signedIn(400),
    bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 },
    proof: "a wrong password refused after the sign-in check (400): no account deleted; never with an API token (403)",
  },
  {
    file: "app/api/me/password/route.ts",
    method: "POST",
    path: () => "/api/me/password",
    body: () => ({ json: { currentPassword: "demo-password", newPassword: "short" } }),
    expect: signedIn(400),
    bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 },
    proof: "a new password too short refused after the sign-in check (400), before any password is checked; never with an API token (403)",
  },
  { file: "app/api/me/sessions/route.ts", method: "GET", path: () => "/api/me/sessions", expect: signedIn(200), proof: "the caller's own signed-in browsers" },
  {
    file: "app/api/me/sessions/route.ts",
    method: "DELETE",
    path: () => "/api/me/sessions",
    body: () => ({ raw: "not json", contentType: "text/plain" }),
    expect: signedIn(415),
    proof: "a text/plain body (what a cross-site form sends) refused after the sign-in check (415): no session ended",
  },
  {
    file: "app/api/me/sessions/[id]/route.ts",
    method: "DELETE",
    path: (ids) => `/api/me/sessions/${ids.missing}`,
    expect: signedIn(404),
    proof: "an id that is none of the caller's sessions (404): nothing ended",
  },
  { file: "app/api/me/export/route.ts", method: "GET", path: () => "/api/me/export", expect: signedIn(200), proof: "the caller's own data, read only" },
  // ---- voters (user, pro_user)
  {
    file: "app/api/vote/[id]/route.ts",
    method: "PUT",
    path: (ids) => `/api/vote/${ids.survey}`,
    body: () => ({ json: { vote: "maybe" } }),
    expect: only(["user", "pro"], 400),
    proof: "an invalid vote refused after the role check (400): voters only, nothing counted",
  },
  {
    file: "app/api/report_survey/[id]/route.ts",
    method: "PUT",
    path: (ids) => `/api/report_survey/${ids.survey}`,
    body: () => ({ json: { userEmail: 5 } }),
    expect: only(["user", "pro"], 400),
    proof: "an invalid body refused after the role check (400): voters only, no report stored",
  },
  { file: "app/api/report_survey/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/report_survey/${ids.survey}`, expect: all(204), proof: "preflight" },
  { file: "app/api/reported_by/route.ts", method: "POST", path: () => "/api/reported_by", body: () => ({ json: {} }), expect: only(["user", "pro"], 200), proof: "a read (POST for the original client)" },
  { file: "app/api/reported_by/route.ts", method: "OPTIONS", path: () => "/api/reported_by", expect: all(204), proof: "preflight" },
  {
    file: "app/api/get_participated_survey/route.ts",
    method: "POST",
    path: () => "/api/get_participated_survey",
    body: () => ({ json: {} }),
    expect: only(["user", "pro"], 200),
    proof: "a read of the caller's own votes",
  },
  { file: "app/api/get_participated_survey/route.ts", method: "OPTIONS", path: () => "/api/get_participated_survey", expect: all(204), proof: "preflight" },
  {
    file: "app/api/get_commented_surveys/route.ts",
    method: "POST",
    path: () => "/api/get_commented_surveys",
    body: () => ({ json: {} }),
    expect: only(["pro"], 200),
    proof: "a read of the caller's own comments: pro_user only",
  },
  { file: "app/api/get_commented_surveys/route.ts", method: "OPTIONS", path: () => "/api/get_commented_surveys", expect: all(204), proof: "preflight" },
  // ---- surveyors
  {
    file: "app/api/create_survey/route.ts",
    method: "POST",
    path: () => "/api/create_survey",
    body: () => ({ json: {} }),
    expect: only(["owner", "other", "admin"], 400),
    proof: "an empty survey refused after the role check (400): surveyors and admins only, nothing created",
  },
  { file: "app/api/create_survey/route.ts", method: "OPTIONS", path: () => "/api/create_survey", expect: all(204), proof: "preflight" },
  {
    file: "app/api/updateDocument/[id]/route.ts",
    method: "PUT",
    path: (ids) => `/api/updateDocument/${ids.survey}`,
    body: () => ({ json: { yesCount: 1000 } }),
    expect: only(["owner", "admin"], 400),
    proof: "a forbidden field refused after the ownership check (400); the other surveyor is refused first (403)",
  },
  { file: "app/api/updateDocument/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/updateDocument/${ids.survey}`, expect: all(204), proof: "preflight" },
  { file: "app/api/feedbacks/route.ts", method: "GET", path: () => "/api/feedbacks", expect: only(["owner", "other"], 200), proof: "the caller's own surveys' feedback: surveyors" },
  { file: "app/api/feedbacks/route.ts", method: "OPTIONS", path: () => "/api/feedbacks", expect: all(204), proof: "preflight" },
  {
    file: "app/api/surveys/[email]/route.ts",
    method: "GET",
    path: () => `/api/surveys/${encodeURIComponent(ACCOUNTS.owner)}`,
    expect: only(["owner", "admin"], 200),
    proof: "one surveyor's surveys, unpublished included: that surveyor and admins",
  },
  { file: "app/api/surveys/[email]/route.ts", method: "OPTIONS", path: () => `/api/surveys/${encodeURIComponent(ACCOUNTS.owner)}`, expect: all(204), proof: "preflight" },
  {
    file: "app/api/survey/[id]/voters/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.survey}/voters?limit=1`,
    expect: only(["owner", "admin"], 200),
    proof: "who voted: the survey's surveyor and admins",
  },
  { file: "app/api/survey/[id]/voters/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/voters`, expect: all(204), proof: "preflight" },
  {
    file: "app/api/survey/[id]/export/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.survey}/export`,
    expect: only(["owner", "admin"], 200),
    proof: "the CSV of voters: the survey's surveyor and admins",
  },
  { file: "app/api/survey/[id]/export/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/export`, expect: all(204), proof: "preflight" },
  // ---- admins
  { file: "app/api/get_user/route.ts", method: "GET", path: () => "/api/get_user?limit=1", expect: only(["admin"], 200), proof: "accounts list" },
  { file: "app/api/get_payment_info/route.ts", method: "GET", path: () => "/api/get_payment_info?limit=1", expect: only(["admin"], 200), proof: "payments list" },
  { file: "app/api/contact_messages/route.ts", method: "GET", path: () => "/api/contact_messages?limit=1", expect: only(["admin"], 200), proof: "contact messages" },
  {
    file: "app/api/update_role/route.ts",
    method: "POST",
    path: () => "/api/update_role",
    body: () => ({ json: { id: "not-a-user", role: "admin" } }),
    expect: only(["admin"], 400),
    proof: "an unknown user id refused after the role check (400): admins only, no role changed",
  },
  {
    file: "app/api/update_survey_status/route.ts",
    method: "POST",
    path: () => "/api/update_survey_status",
    body: (): RequestBody => ({ json: { id: "00000000-0000-4000-8000-000000000000", status: "unpublished-ish" } }),
    expect: only(["admin"], 400),
    proof: "an unknown status refused after the role check (400): admins only, nothing moderated",
  },
  {
    file: "app/api/me/verification-email/route.ts",
    method: "POST",
    path: () => "/api/me/verification-email",
    body: () => ({ json: {} }),
    expect: signedIn(409),
    proof: "the caller's own address only; demo accounts are verified, so nothing is sent (409)",
  },
  {
    file: "app/api/me/email/route.ts",
    method: "POST",
    path: () => "/api/me/email",
    body: () => ({ json: { email: "not-an-email", password: "" } }),
    expect: signedIn(400),
    proof: "the caller's own address only; an invalid body is refused after the sign-in check, nothing mailed",
  },
  {
    file: "app/api/users/[id]/verification-email/route.ts",
    method: "POST",
    path: (ids) => `/api/users/${ids.missing}/verification-email`,
    body: () => ({ json: {} }),
    expect: only(["admin"], 404),
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing sent",
  },
  {
    file: "app/api/users/[id]/suspension/route.ts",
    method: "POST",
    path: (ids) => `/api/users/${ids.missing}/suspension`,
    body: () => ({ json: { reason: "matrix" } }),
    expect: only(["admin"], 404),
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing suspended",
  },
  {
    file: "app/api/users/[id]/suspension/route.ts",
    method: "DELETE",
    path: (ids) => `/api/users/${ids.missing}/suspension`,
    expect: only(["admin"], 404),
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing lifted",
  },
  {
    file: "app/api/users/[id]/votes/void/route.ts",
    method: "POST",
    path: (ids) => `/api/users/${ids.missing}/votes/void`,
    body: () => ({ json: { reason: "matrix" } }),
    expect: only(["admin"], 404),
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing voided",
  },
  {
    file: "app/api/users/[id]/votes/void/route.ts",
    method: "DELETE",
    path: (ids) => `/api/users/${ids.missing}/votes/void`,
    expect: only(["admin"], 404),
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing restored",
  },
  { file: "app/api/me/mail-preferences/route.ts", method: "GET", path: () => "/api/me/mail-preferences", expect: signedIn(200), proof: "the caller's own preferences" },
  {
    file: "app/api/me/mail-preferences/route.ts",
    method: "PATCH",
    path: () => "/api/me/mail-preferences",
    body: () => ({ json: { results: "not a boolean" } }),
    expect: signedIn(400),
    proof: "the caller's own preferences only; an invalid body is refused after the sign-in check, nothing changed",
  },
  // ---- no caller identity at all
  {
    file: "app/api/contact/route.ts",
    method: "POST",
    path: () => "/api/contact",
    body: () => ({ json: {} }),
    expect: all(400),
    proof: "open to everyone; an empty message is refused, nothing stored (a valid one also needs a solved proof-of-work: app/api/register/altcha.test.ts)",
  },
  {
    file: "app/api/register/route.ts",
    method: "POST",
    path: () => "/api/register",
    body: () => ({ multipart: { name: "Matrix", email: "not-an-email", password: "x" } }),
    expect: all(400),
    proof: "open to everyone; an invalid form is refused, no account created",
  },
  {
    file: "app/api/password/forgot/route.ts",
    method: "POST",
    path: () => "/api/password/forgot",
    body: () => ({ json: { email: "not-an-email" } }),
    expect: all(400),
    proof: "open to everyone; an invalid address is refused, nothing mailed",
  },
  {
    file: "app/api/password/reset/route.ts",
    method: "POST",
    path: () => "/api/password/reset",
    body: () => ({ json: { token: "not-a-token", password: "x" } }),
    expect: all(400),
    proof: "open to everyone (the mailed token is the authentication); a malformed one is refused, nothing changed",
  },
  {
    file: "app/api/verify-email/route.ts",
    method: "POST",
    path: () => "/api/verify-email",
    body: () => ({ json: { token: "not-a-token" } }),
    expect: all(400),
    proof: "open to everyone (the mailed token is the authentication); a malformed one is refused, nothing changed",
  },
  {
    file: "app/api/confirm-email/route.ts",
    method: "POST",
    path: () => "/api/confirm-email",
    body: () => ({ json: { token: "not-a-token" } }),
    expect: all(400),
    proof: "open to everyone (the mailed token is the authentication); a malformed one is refused, nothing changed",
  },
  {
    file: "app/api/unsubscribe/route.ts",
    method: "POST",
    path: (ids) => `/api/unsubscribe?token=${ids.missing}.results.forged`,
    body: () => ({ raw: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" }),
    expect: all(400),
    proof: "the signed link is the only authentication: a session or token without it is refused, nothing changed",
  },
  {
    file: "app/api/stripe/webhook/route.ts",
    method: "POST",
    path: () => "/api/stripe/webhook",
    body: () => ({ raw: '{"id":"evt_1","type":"charge.refunded","data":{"object":{"id":"ch_1"}}}', contentType: "application/json" }),
    expect: all(400),
    proof: "the Stripe signature is the only authentication: a session or token without it is refused",
  },
  // ---- unknown /api paths
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(
    (method): Row => ({ file: "app/api/[...path]/route.ts", method, path: () => "/api/no/such/call", expect: all(404), proof: "JSON 404 for everyone" }),
  ),

  // ---- dashboard pages (and /payment, behind the same proxy)
  { file: "app/dashboard/page.tsx", method: "GET", path: () => "/dashboard", expect: { ...all("own-dashboard"), anon: "login" }, proof: "sends each person to their role's dashboard" },
  { file: "app/dashboard/admin/page.tsx", method: "GET", path: () => "/dashboard/admin", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/dashboard/admin/users/page.tsx", method: "GET", path: () => "/dashboard/admin/users", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/dashboard/admin/surveys/page.tsx", method: "GET", path: () => "/dashboard/admin/surveys", expect: page(["admin"]), proof: "admin layout guard" },
  {
    file: "app/dashboard/admin/surveys/[id]/page.tsx",
    method: "GET",
    path: (ids) => `/dashboard/admin/surveys/${ids.survey}`,
    expect: page(["admin"]),
    proof: "admin layout guard: a survey's integrity review",
  },
  { file: "app/dashboard/admin/payments/page.tsx", method: "GET", path: () => "/dashboard/admin/payments", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/dashboard/admin/messages/page.tsx", method: "GET", path: () => "/dashboard/admin/messages", expect: page(["admin"]), proof: "admin layout guard" },
  { file: "app/dashboard/surveyor/page.tsx", method: "GET", path: () => "/dashboard/surveyor", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  { file: "app/dashboard/surveyor/create/page.tsx", method: "GET", path: () => "/dashboard/surveyor/create", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  { file: "app/dashboard/surveyor/feedbacks/page.tsx", method: "GET", path: () => "/dashboard/surveyor/feedbacks", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  { file: "app/dashboard/surveyor/surveys/page.tsx", method: "GET", path: () => "/dashboard/surveyor/surveys", expect: page(["owner", "other"]), proof: "surveyor layout guard" },
  {
    file: "app/dashboard/surveyor/surveys/[id]/page.tsx",
    method: "GET",
    path: (ids) => `/dashboard/surveyor/surveys/${ids.survey}`,
    expect: { ...page(["owner"]), other: "refused-in-page" },
    proof: "a survey's results: its own surveyor; another surveyor reads only the refusal",
  },
  {
    file: "app/dashboard/surveyor/update/[id]/page.tsx",
    method: "GET",
    path: (ids) => `/dashboard/surveyor/update/${ids.survey}`,
    expect: { ...page(["owner"]), other: "refused-in-page" },
    proof: "the edit form: its own surveyor; another surveyor reads only the refusal",
  },
  { file: "app/dashboard/user/page.tsx", method: "GET", path: () => "/dashboard/user", expect: page(["user"]), proof: "user layout guard" },
  { file: "app/dashboard/user/surveys/page.tsx", method: "GET", path: () => "/dashboard/user/surveys", expect: page(["user"]), proof: "user layout guard" },
  { file: "app/dashboard/user/my-reports/page.tsx", method: "GET", path: () => "/dashboard/user/my-reports", expect: page(["user"]), proof: "user layout guard" },
  { file: "app/dashboard/user/comments/page.tsx", method: "GET", path: () => "/dashboard/user/comments", expect: page(["user"]), proof: "user layout guard" },
  { file: "app/dashboard/pro_user/page.tsx", method: "GET", path: () => "/dashboard/pro_user", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/dashboard/pro_user/surveys/page.tsx", method: "GET", path: () => "/dashboard/pro_user/surveys", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/dashboard/pro_user/my-reports/page.tsx", method: "GET", path: () => "/dashboard/pro_user/my-reports", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/dashboard/pro_user/comments/page.tsx", method: "GET", path: () => "/dashboard/pro_user/comments", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/dashboard/pro_user/billing/page.tsx", method: "GET", path: () => "/dashboard/pro_user/billing", expect: page(["pro"]), proof: "pro_user layout guard" },
  { file: "app/dashboard/account/page.tsx", method: "GET", path: () => "/dashboard/account", expect: { ...all(200), anon: "login" }, proof: "every signed-in role's own account page" },
  { file: "app/payment/page.tsx", method: "GET", path: () => "/payment", expect: { ...all(200), anon: "login" }, proof: "signed in only (it says so to roles that cannot buy)" },
];
