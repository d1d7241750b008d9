// The authorisation matrix's rows for the /api calls that need a sign-in or an action of the
// permission table (tests/matrix/routes.ts): what each probe sends, the status that means "let in",
// its proof, and the callers an ownership or self check answers otherwise than the access implies.
import { ACCOUNTS, emailOf, sendRow, signedIn, type Row } from "./callers";

export const SIGNED_IN_ROWS: Row[] = [
  // ---- signed-in calls
  {
    file: "app/api/jwt/route.ts",
    method: "POST",
    path: () => "/api/jwt",
    body: (c) => ({ json: { email: emailOf(c) } }),
    bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 },
    proof: "a token for oneself (harmless); a bearer token cannot renew itself (403)",
  },
  {
    file: "app/api/is_user_exist/route.ts",
    method: "POST",
    path: () => "/api/is_user_exist",
    body: () => ({ json: { email: ACCOUNTS.admin } }),
    expect: { user: 403, pro: 403, owner: 403, other: 403 },
    proof: "looking up someone else's account: admins only",
  },
  {
    file: "app/api/user/route.ts",
    method: "POST",
    path: () => "/api/user",
    body: (c) => ({ json: { email: emailOf(c) } }),
    proof: "idempotent: the caller's own account already exists, nothing is written",
  },
  sendRow("POST", "/api/user", { json: { email: ACCOUNTS.admin, role: "admin" } }, 403, "nobody registers another account or a role other than user"),
  sendRow("POST", "/api/upload", { multipart: { note: "no picture" } }, 400, "a form without its picture is refused after the sign-in check (400), nothing stored"),
  sendRow("POST", "/api/create-payment-intent", { json: ["not", "an", "object"] }, 400, "a body refused after the sign-in check: no intent is opened"),
  sendRow("POST", "/api/save-payment", { json: { paymentIntentId: "not-an-intent" } }, 400, "an intent id refused after the sign-in check: nothing fulfilled"),
  {
    file: "app/api/update_role/[email]/route.ts",
    method: "POST",
    path: () => `/api/update_role/${encodeURIComponent(ACCOUNTS.pro)}`,
    body: () => ({ json: { role: "pro_user" } }),
    expect: { user: 403, owner: 403, other: 403 },
    proof: "confirming pro@'s upgrade: only pro@ and admins; already pro_user, so nothing changes",
  },
  // ---- the caller's own account (every signed-in role)
  sendRow("PATCH", "/api/me", { json: { name: "" } }, 400, "an empty name refused after the sign-in check (400): no name changed"),
  sendRow("DELETE", "/api/me", { json: { password: "not-the-demo-password" } }, 400, "a wrong password refused after the sign-in check (400): no account deleted; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  sendRow("POST", "/api/me/password", { json: { currentPassword: "demo-password", newPassword: "short" } }, 400, "a new password too short refused after the sign-in check (400), before any password is checked; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  { file: "app/api/me/sessions/route.ts", method: "GET", path: () => "/api/me/sessions", proof: "the caller's own signed-in browsers" },
  sendRow("DELETE", "/api/me/sessions", { raw: "not json", contentType: "text/plain" }, 415, "a text/plain body (what a cross-site form sends) refused after the sign-in check (415): no session ended"),
  {
    file: "app/api/me/sessions/[id]/route.ts",
    method: "DELETE",
    path: (ids) => `/api/me/sessions/${ids.missing}`,
    letIn: 404,
    proof: "an id that is none of the caller's sessions (404): nothing ended",
  },
  { file: "app/api/me/export/route.ts", method: "GET", path: () => "/api/me/export", proof: "the caller's own data, read only" },
  { file: "app/api/me/passkeys/route.ts", method: "GET", path: () => "/api/me/passkeys", proof: "the caller's own passkeys, read only" },
  sendRow("POST", "/api/me/passkeys/options", { json: { userId: "someone" } }, 400, "a body the route does not read, refused after the sign-in check (400): no challenge made; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  sendRow("POST", "/api/me/passkeys", { json: { response: "not a passkey" } }, 400, "a response that is no passkey, refused after the sign-in check (400): nothing stored; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  {
    file: "app/api/me/passkeys/[id]/route.ts",
    method: "PATCH",
    path: (ids) => `/api/me/passkeys/${ids.missing}`,
    body: () => ({ json: { name: "Matrix" } }),
    letIn: 404,
    proof: "an id that is none of the caller's passkeys (404): nothing renamed",
  },
  {
    file: "app/api/me/passkeys/[id]/route.ts",
    method: "DELETE",
    path: (ids) => `/api/me/passkeys/${ids.missing}`,
    letIn: 404,
    proof: "an id that is none of the caller's passkeys (404): nothing removed",
  },
  // A second factor: every probe refused by its body (nothing made, used or removed); never with an API token.
  sendRow("POST", "/api/me/second-factor/totp", { json: { secret: "mine" } }, 400, "a body the route does not read, refused after the sign-in check (400): no secret made; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  sendRow("DELETE", "/api/me/second-factor/totp", { json: { password: "demo-password", code: "" } }, 400, "an empty code refused after the sign-in check (400): nothing removed; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  sendRow("POST", "/api/me/second-factor/totp/confirm", { json: { code: "not digits" } }, 400, "a code that is no code refused after the sign-in check (400): nothing turned on; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  sendRow("POST", "/api/me/second-factor/recovery-codes", { json: { code: 123456 } }, 400, "a code that is not text refused after the sign-in check (400): no codes made; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  sendRow("POST", "/api/me/second-factor/verify", { json: {} }, 400, "neither a code nor a passkey, refused after the sign-in check (400): nothing proved; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  sendRow("POST", "/api/me/second-factor/passkey-options", { json: { userId: "someone" } }, 400, "a body the route does not read, refused after the sign-in check (400): no challenge made; never with an API token (403)", { bearer: { user: 403, pro: 403, owner: 403, other: 403, admin: 403 } }),
  // ---- voters (user, pro_user)
  {
    file: "app/api/vote/[id]/route.ts",
    method: "PUT",
    path: (ids) => `/api/vote/${ids.survey}`,
    body: () => ({ json: { vote: "maybe" } }),
    letIn: 400,
    proof: "an invalid vote refused after the role check (400): voters only, nothing counted",
  },
  {
    file: "app/api/report_survey/[id]/route.ts",
    method: "PUT",
    path: (ids) => `/api/report_survey/${ids.survey}`,
    body: () => ({ json: { userEmail: 5 } }),
    letIn: 400,
    proof: "an invalid body refused after the role check (400): voters only, no report stored",
  },
  { file: "app/api/report_survey/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/report_survey/${ids.survey}`, letIn: 204, proof: "preflight" },
  { file: "app/api/reported_by/route.ts", method: "POST", path: () => "/api/reported_by", body: () => ({ json: {} }), proof: "a read (POST for the original client)" },
  { file: "app/api/reported_by/route.ts", method: "OPTIONS", path: () => "/api/reported_by", letIn: 204, proof: "preflight" },
  sendRow("POST", "/api/get_participated_survey", { json: {} }, 200, "a read of the caller's own votes"),
  { file: "app/api/get_participated_survey/route.ts", method: "OPTIONS", path: () => "/api/get_participated_survey", letIn: 204, proof: "preflight" },
  sendRow("POST", "/api/get_commented_surveys", { json: {} }, 200, "a read of the caller's own comments: pro_user only"),
  { file: "app/api/get_commented_surveys/route.ts", method: "OPTIONS", path: () => "/api/get_commented_surveys", letIn: 204, proof: "preflight" },
  // ---- surveyors
  sendRow("POST", "/api/create_survey", { json: {} }, 400, "an empty survey refused after the role check (400): surveyors and admins only, nothing created"),
  { file: "app/api/create_survey/route.ts", method: "OPTIONS", path: () => "/api/create_survey", letIn: 204, proof: "preflight" },
  {
    file: "app/api/updateDocument/[id]/route.ts",
    method: "PUT",
    path: (ids) => `/api/updateDocument/${ids.survey}`,
    body: () => ({ json: { yesCount: 1000 } }),
    letIn: 400,
    expect: { other: 403 },
    proof: "a forbidden field refused after the ownership check (400); the other surveyor is refused first (403)",
  },
  { file: "app/api/updateDocument/[id]/route.ts", method: "OPTIONS", path: (ids) => `/api/updateDocument/${ids.survey}`, letIn: 204, proof: "preflight" },
  { file: "app/api/feedbacks/route.ts", method: "GET", path: () => "/api/feedbacks", proof: "the caller's own surveys' feedback: surveyors" },
  { file: "app/api/feedbacks/route.ts", method: "OPTIONS", path: () => "/api/feedbacks", letIn: 204, proof: "preflight" },
  {
    file: "app/api/surveys/[email]/route.ts",
    method: "GET",
    path: () => `/api/surveys/${encodeURIComponent(ACCOUNTS.owner)}`,
    expect: { other: 403 },
    proof: "one surveyor's surveys, unpublished included: that surveyor and admins",
  },
  { file: "app/api/surveys/[email]/route.ts", method: "OPTIONS", path: () => `/api/surveys/${encodeURIComponent(ACCOUNTS.owner)}`, letIn: 204, proof: "preflight" },
  {
    file: "app/api/survey/[id]/voters/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.survey}/voters?limit=1`,
    expect: { other: 403 },
    proof: "who voted: the survey's surveyor and admins",
  },
  { file: "app/api/survey/[id]/voters/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/voters`, letIn: 204, proof: "preflight" },
  {
    file: "app/api/survey/[id]/export/route.ts",
    method: "GET",
    path: (ids) => `/api/survey/${ids.survey}/export`,
    expect: { other: 403 },
    proof: "the CSV of voters: the survey's surveyor and admins",
  },
  { file: "app/api/survey/[id]/export/route.ts", method: "OPTIONS", path: (ids) => `/api/survey/${ids.survey}/export`, letIn: 204, proof: "preflight" },
  {
    file: "app/api/survey/[id]/review-request/route.ts",
    method: "POST",
    path: (ids) => `/api/survey/${ids.survey}/review-request`,
    letIn: 409,
    expect: { other: 403, admin: 403 },
    proof: "asking a review of a published survey refused after the ownership check (409): nothing asked, no mail; another surveyor and an admin are refused first (403): only a survey of one's own",
  },
  // ---- admins
  { file: "app/api/get_user/route.ts", method: "GET", path: () => "/api/get_user?limit=1", proof: "accounts list" },
  { file: "app/api/get_payment_info/route.ts", method: "GET", path: () => "/api/get_payment_info?limit=1", proof: "payments list" },
  { file: "app/api/contact_messages/route.ts", method: "GET", path: () => "/api/contact_messages?limit=1", proof: "contact messages" },
  {
    file: "app/api/contact_messages/[id]/route.ts",
    method: "PATCH",
    path: (ids) => `/api/contact_messages/${ids.missing}`,
    body: () => ({ json: { handled: true } }),
    letIn: 404,
    proof: "admins only; a well-formed id that is no message is 404 after the role check, nothing marked",
  },
  {
    file: "app/api/contact_messages/[id]/reply/route.ts",
    method: "POST",
    path: (ids) => `/api/contact_messages/${ids.missing}/reply`,
    body: () => ({ json: { message: "" } }),
    letIn: 400,
    proof: "admins only; an empty reply is refused after the role check (400), nothing mailed",
  },
  sendRow("POST", "/api/update_role", { json: { id: "not-a-user", role: "admin" } }, 400, "an unknown user id refused after the role check (400): admins only, no role changed"),
  sendRow("POST", "/api/update_survey_status", { json: { id: "00000000-0000-4000-8000-000000000000", status: "unpublished-ish" } }, 400, "an unknown status refused after the role check (400): admins only, nothing moderated"),
  sendRow("POST", "/api/me/verification-email", { json: {} }, 409, "the caller's own address only; demo accounts are verified, so nothing is sent (409)"),
  sendRow("POST", "/api/me/email", { json: { email: "not-an-email", password: "" } }, 400, "the caller's own address only; an invalid body is refused after the sign-in check, nothing mailed"),
  {
    file: "app/api/users/[id]/verification-email/route.ts",
    method: "POST",
    path: (ids) => `/api/users/${ids.missing}/verification-email`,
    body: () => ({ json: {} }),
    letIn: 404,
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing sent",
  },
  {
    file: "app/api/users/[id]/suspension/route.ts",
    method: "POST",
    path: (ids) => `/api/users/${ids.missing}/suspension`,
    body: () => ({ json: { reason: "matrix" } }),
    letIn: 404,
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing suspended",
  },
  {
    file: "app/api/users/[id]/suspension/route.ts",
    method: "DELETE",
    path: (ids) => `/api/users/${ids.missing}/suspension`,
    letIn: 404,
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing lifted",
  },
  {
    file: "app/api/users/[id]/votes/void/route.ts",
    method: "POST",
    path: (ids) => `/api/users/${ids.missing}/votes/void`,
    body: () => ({ json: { reason: "matrix" } }),
    letIn: 404,
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing voided",
  },
  {
    file: "app/api/users/[id]/votes/void/route.ts",
    method: "DELETE",
    path: (ids) => `/api/users/${ids.missing}/votes/void`,
    letIn: 404,
    proof: "admins only; a well-formed id that is no account is 404 after the role check, nothing restored",
  },
  { file: "app/api/me/mail-preferences/route.ts", method: "GET", path: () => "/api/me/mail-preferences", proof: "the caller's own preferences" },
  sendRow("PATCH", "/api/me/mail-preferences", { json: { results: "not a boolean" } }, 400, "the caller's own preferences only; an invalid body is refused after the sign-in check, nothing changed"),
  // ---- API keys: the account page's, by the browser session only (a token is 403); surveyors and admins.
  { file: "app/api/me/api-keys/route.ts", method: "GET", path: () => "/api/me/api-keys", bearer: { owner: 403, other: 403, admin: 403 }, proof: "the caller's own keys, read only; never with an API token (403)" },
  sendRow("POST", "/api/me/api-keys", { json: { name: "", scopes: [] } }, 400, "an empty name and no scopes refused after the role check (400): no key made; never with an API token (403)", {
    bearer: { owner: 403, other: 403, admin: 403 },
  }),
  {
    file: "app/api/me/api-keys/[id]/route.ts",
    method: "DELETE",
    path: (ids) => `/api/me/api-keys/${ids.missing}`,
    letIn: 404,
    bearer: { owner: 403, other: 403, admin: 403 },
    proof: "an id that is none of the caller's keys (404): nothing revoked; never with an API token (403)",
  },
  // ---- /api/v1 surveys: an API key only (a session cookie or a token is 401 there, whatever the role);
  // with their key, the owner reaches the owner's survey, anyone else finds none (404).
  ...v1SurveyRows(),
  // ---- /api/v1/webhooks: an API key only, as for the surveys; with their key, each holder reaches only
  // their own webhooks (an id of none of theirs is 404). app/api/v1/webhooks/route.test.ts tries another's.
  ...webhookRows(),
];

function v1SurveyRows(): Row[] {
  const KEY_ONLY = "an /api/v1 call takes an API key only: a session cookie or a token is 401, nothing read or changed";
  const survey = (ids: { survey: string }) => `/api/v1/surveys/${ids.survey}`;
  const notTheirs = { other: 404, admin: 404 } as const;
  return [
    { file: "app/api/v1/surveys/route.ts", method: "GET", path: () => "/api/v1/surveys", expect: signedIn(401), apiKey: { owner: 200, other: 200, admin: 200 }, proof: `${KEY_ONLY}; with a key, one's own surveys` },
    sendRow("POST", "/api/v1/surveys", { json: { title: "" } }, 400, `${KEY_ONLY}; with a key, an empty title is refused after the scope and role checks (400): nothing created`, {
      expect: signedIn(401),
      apiKey: { owner: 400, other: 400, admin: 400 },
    }),
    { file: "app/api/v1/surveys/[id]/route.ts", method: "GET", path: survey, expect: signedIn(401), apiKey: { owner: 200, ...notTheirs }, proof: `${KEY_ONLY}; with a key, the owner's survey to its owner only` },
    {
      file: "app/api/v1/surveys/[id]/route.ts",
      method: "PATCH",
      path: survey,
      body: () => ({ json: { title: "" } }),
      letIn: 400,
      expect: signedIn(401),
      apiKey: { owner: 400, ...notTheirs },
      proof: `${KEY_ONLY}; with a key, an empty title refused once the survey is the owner's (400), anyone else's key finds none (404): nothing changed`,
    },
    {
      file: "app/api/v1/surveys/[id]/unpublish/route.ts",
      method: "POST",
      path: (ids) => `/api/v1/surveys/${ids.missing}/unpublish`,
      letIn: 404,
      expect: signedIn(401),
      apiKey: { owner: 404, other: 404, admin: 404 },
      proof: `${KEY_ONLY}; with a key, an id that is no survey (404): nothing unpublished`,
    },
    { file: "app/api/v1/surveys/[id]/results/route.ts", method: "GET", path: (ids) => `${survey(ids)}/results`, expect: signedIn(401), apiKey: { owner: 200, ...notTheirs }, proof: `${KEY_ONLY}; with a key, to the owner only` },
    { file: "app/api/v1/surveys/[id]/voters/route.ts", method: "GET", path: (ids) => `${survey(ids)}/voters`, expect: signedIn(401), apiKey: { owner: 200, ...notTheirs }, proof: `${KEY_ONLY}; with a key, to the owner only` },
  ];
}

function webhookRows(): Row[] {
  const KEY_ONLY = "an /api/v1 call takes an API key only: a session cookie or a token is 401, nothing read or changed";
  const hook = (ids: { missing: string }) => `/api/v1/webhooks/${ids.missing}`;
  const none = { owner: 404, other: 404, admin: 404 } as const;
  const missingRow = (file: string, method: Row["method"], path: Row["path"], what: string, body?: Row["body"]): Row => ({
    file: `app/api/v1/webhooks/${file}/route.ts`,
    method,
    path,
    ...(body && { body }),
    letIn: 404,
    expect: signedIn(401),
    apiKey: none,
    proof: `${KEY_ONLY}; with a key, an id that is none of the caller's webhooks (404): ${what}`,
  });
  return [
    { file: "app/api/v1/webhooks/route.ts", method: "GET", path: () => "/api/v1/webhooks", expect: signedIn(401), apiKey: { owner: 200, other: 200, admin: 200 }, proof: `${KEY_ONLY}; with a key, one's own webhooks` },
    sendRow("POST", "/api/v1/webhooks", { json: { url: "https://127.0.0.1/", events: ["vote.created"] } }, 400, `${KEY_ONLY}; with a key, a loopback URL is refused after the scope and role checks (400): nothing added`, {
      expect: signedIn(401),
      apiKey: { owner: 400, other: 400, admin: 400 },
    }),
    missingRow("[id]", "GET", hook, "nothing read"),
    missingRow("[id]", "PATCH", hook, "nothing turned on", () => ({ json: { enabled: true } })),
    missingRow("[id]", "DELETE", hook, "nothing deleted"),
    missingRow("[id]/rotate", "POST", (ids) => `${hook(ids)}/rotate`, "no secret made"),
    missingRow("[id]/deliveries", "GET", (ids) => `${hook(ids)}/deliveries`, "nothing read"),
    missingRow("[id]/deliveries/[deliveryId]/redeliver", "POST", (ids) => `${hook(ids)}/deliveries/${ids.missing}/redeliver`, "nothing queued"),
  ];
}
