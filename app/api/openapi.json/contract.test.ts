// The document against the real app: every documented read (each GET, and the reads the original
// client sends as POST) and a few writes are called in-process, as Next calls the route handlers,
// against the test database with seeded rows, signed in where the route needs it. Each answer's
// status must be one the document lists for the operation, and its body must pass that answer's
// JSON Schema (ajv, draft 2020-12, the dialect of OpenAPI 3.1). What each route checks (its access and
// zod schemas) is in the document by construction: both are read from the route's own declaration.
import path from "node:path";
import { eq } from "drizzle-orm";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { siteUrl } from "@/lib/seo";
import { castVote } from "@/lib/votes/votes";
import { reportSurvey } from "@/lib/votes/reports";
import { changeUserPicture } from "@/lib/accounts/users";
import { createApiKey } from "@/lib/integrations/api-keys";
import { createWebhook } from "@/lib/integrations/webhooks/endpoints";
import { queueWebhookEvent } from "@/lib/integrations/webhooks/queue";
import { contactMessages, payments, surveys, webhookDeliveries, type Survey, type User } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { withAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { apiRouteFiles, routeFileOf, ROOT } from "@/tests/route-files";
import { sessionCookieFor } from "@/tests/session-cookie";
import { API_ROUTES } from "@/app/api/routes.generated";
import { buildOpenApiDocument } from "@/lib/api/openapi/document";

type Handler = Parameters<typeof call>[0];
type Doc = ReturnType<typeof buildOpenApiDocument>;
type ResponseObject = { content?: Record<string, { schema?: unknown }>; $ref?: string };

const document: Doc = buildOpenApiDocument(API_ROUTES);
const files = apiRouteFiles().map((r) => r.file);
const METRICS_TOKEN = "metrics-token-for-the-contract-test-0123";

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat("binary", true);
ajv.addSchema(document as object, "openapi.json");

/** A JSON pointer into the document, as an ajv reference. */
const pointer = (...segments: string[]) => `openapi.json#/${segments.map((s) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}`;

async function handlerOf(method: string, docPath: string): Promise<Handler> {
  const file = routeFileOf(files, docPath);
  if (!file) throw new Error(`No route file serves ${docPath}`);
  const mod = (await import(path.join(ROOT, file))) as Record<string, Handler>;
  return mod[method];
}

/** The answer as the document says it: a listed status, the listed media type, a body the schema accepts. */
function expectDocumented(method: string, docPath: string, res: Awaited<ReturnType<typeof call>>) {
  const where = `${method} ${docPath} → ${res.status}`;
  const operation = (document.paths![docPath] as Record<string, { responses: Record<string, ResponseObject> }>)[method.toLowerCase()];
  let response = operation.responses[String(res.status)];
  expect(response, `${where}: a status the document does not list`).toBeDefined();
  let at = ["paths", docPath, method.toLowerCase(), "responses", String(res.status)];
  if (response.$ref) {
    const name = response.$ref.split("/").pop()!;
    response = (document.components!.responses as Record<string, ResponseObject>)[name];
    at = ["components", "responses", name];
  }
  if (!response.content) return;
  const type = res.headers.get("content-type")?.split(";")[0].trim() ?? "";
  const media = Object.keys(response.content).find((key) => key === type || (key.endsWith("/*") && type.startsWith(key.slice(0, -1))));
  expect(media, `${where}: answered ${type}, the document says ${Object.keys(response.content).join(" or ")}`).toBeDefined();
  const validate = ajv.getSchema(pointer(...at, "content", media!, "schema"))!;
  const body = media === "application/json" ? res.json : String(res.json ?? "");
  expect(validate(body), `${where}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`).toBe(true);
}

type Call = { as?: { id: string }; cookie?: string; params?: Record<string, string>; query?: string; body?: unknown; form?: FormData; headers?: Record<string, string>; status: number };

let owner: User, admin: User, voter: User, pro: User, fresh: User, leaver: User;
let published: Survey, unpublished: Survey;
let avatarId: string;
let ownerCookie: string, voterCookie: string, leaverCookie: string;

beforeAll(async () => {
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  const db = await getDb();
  [owner, admin, voter, pro, fresh, leaver] = await Promise.all([
    createUser({ role: "surveyor", name: "Owner" }),
    createUser({ role: "admin" }),
    createUser({ name: "Voter" }),
    createUser({ role: "pro_user", name: "Pro" }),
    createUser({ name: "Fresh" }),
    createUser({ name: "Leaver" }),
  ]);
  published = await createSurvey(owner.id, { title: "Published" });
  unpublished = await createSurvey(owner.id, { title: "Unpublished", status: "unpublish" });
  await db.update(surveys).set({ feedback: "Please name the product" }).where(eq(surveys.id, unpublished.id));
  await castVote({ surveyId: published.id, userId: voter.id, role: "user", vote: "no" });
  await castVote({ surveyId: published.id, userId: pro.id, role: "pro_user", vote: "yes", comment: "Clear question" });
  await reportSurvey({ surveyId: published.id, userId: voter.id, role: "user" });
  await db.insert(payments).values({ paymentIntentId: "pi_contract_test", amount: 1600, currency: "usd", userId: pro.id, userName: pro.name, userEmail: pro.email });
  await db.insert(contactMessages).values({ name: "Ann", email: "ann@example.test", message: "A message long enough." });
  avatarId = (await changeUserPicture(voter.id, await pngBytes())).split("/").pop()!;
  ownerCookie = await sessionCookieFor(owner);
  voterCookie = await sessionCookieFor(voter);
  leaverCookie = await sessionCookieFor(leaver);
});

afterAll(() => {
  delete process.env.METRICS_TOKEN;
});

// The /api/v1/webhooks calls: the owner's API key with `webhooks:write`, one endpoint and one delivery of theirs.
let hookKey: Record<string, string>;
let hookId: string;
let deliveryId: string;
beforeAll(async () => {
  hookKey = { authorization: `Bearer ${(await createApiKey(owner.id, { name: "contract", scopes: ["webhooks:write"] })).key}` };
  hookId = (await createWebhook(owner.id, { url: "https://hooks.example.com/contract", events: ["survey.reported"] })).id;
  const db = await getDb();
  await db.transaction((tx) => queueWebhookEvent(tx, "survey.reported", published.id));
  [{ id: deliveryId }] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hookId));
});

// The /api/v1 survey calls: the owner's API key with every scope.
let surveyKey: Record<string, string>;
beforeAll(async () => {
  const scopes = ["surveys:read", "surveys:write", "results:read"] as const;
  surveyKey = { authorization: `Bearer ${(await createApiKey(owner.id, { name: "contract surveys", scopes: [...scopes] })).key}` };
});
const v1Survey = () => ({
  title: "Made by a tool",
  description: "Made through /api/v1 by the contract test.",
  category: "Technology",
  deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  questionTitle: "Documented?",
  questionDescription: "Is every answer in the document?",
});

const missing = "0badf00d-0000-4000-8000-000000000000";

/** Every documented GET, and the reads sent as POST, with the calls that exercise it. */
const READS: Record<string, () => Call[]> = {
  "GET /api/all_surveys": () => [{ status: 200 }, { query: "sort=createdAt&category=Technology&limit=5", status: 200 }, { query: "limit=0", status: 400 }],
  "GET /api/get_features_surveys": () => [{ status: 200 }],
  "GET /api/get_latest_survey": () => [{ status: 200 }],
  "GET /api/survey/{id}": () => [
    { params: { id: published.id }, status: 200 },
    { as: owner, params: { id: unpublished.id }, status: 200 },
    { params: { id: unpublished.id }, status: 404 },
    { params: { id: "not-an-id" }, status: 404 },
  ],
  "GET /api/get_updated_survey/{id}": () => [{ params: { id: published.id }, status: 200 }],
  "GET /api/survey/{id}/results": () => [{ params: { id: published.id }, status: 200 }, { params: { id: unpublished.id }, status: 404 }],
  "GET /api/vote/{id}": () => [
    { params: { id: published.id }, status: 200 },
    { as: pro, params: { id: published.id }, status: 200 },
    { params: { id: missing }, status: 404 },
  ],
  "GET /api/surveys/{email}": () => [
    { as: owner, params: { email: owner.email }, status: 200 },
    { as: voter, params: { email: owner.email }, status: 403 },
    { params: { email: owner.email }, status: 401 },
  ],
  "GET /api/feedbacks": () => [{ as: owner, status: 200 }, { as: owner, query: "page=0", status: 400 }],
  "GET /api/survey/{id}/voters": () => [{ as: owner, params: { id: published.id }, query: "limit=1", status: 200 }],
  "GET /api/survey/{id}/export": () => [{ as: admin, params: { id: published.id }, status: 200 }],
  "GET /api/get_user": () => [{ as: admin, query: "role=user&limit=5", status: 200 }, { as: voter, status: 403 }],
  "GET /api/get_payment_info": () => [{ as: admin, status: 200 }],
  "GET /api/contact_messages": () => [{ as: admin, status: 200 }],
  "GET /api/me": () => [{ status: 200 }, { as: voter, status: 200 }],
  "GET /api/me/export": () => [{ as: voter, status: 200 }, { status: 401 }],
  "GET /api/me/mail-preferences": () => [{ as: voter, status: 200 }],
  "GET /api/me/sessions": () => [{ cookie: voterCookie, status: 200 }, { as: voter, status: 200 }],
  "GET /api/me/passkeys": () => [{ cookie: voterCookie, status: 200 }, { status: 401 }],
  // Only the refusal: a 200 is an endless event stream (its events are tested in the route's own tests).
  "GET /api/survey/{id}/live": () => [{ params: { id: unpublished.id }, status: 404 }],
  "GET /api/survey/{id}/qr": () => [
    { params: { id: published.id }, status: 200 },
    { params: { id: published.id }, query: "format=png&download=1", status: 200 },
    { params: { id: published.id }, query: "format=gif", status: 400 },
    { params: { id: unpublished.id }, status: 404 },
  ],
  "GET /api/oembed": () => [
    { query: `url=${encodeURIComponent(`${siteUrl()}/survey/details/${published.id}`)}&maxwidth=300`, status: 200 },
    { query: `url=${encodeURIComponent(`${siteUrl()}/survey/details/${published.id}`)}&format=xml`, status: 501 },
    { query: "url=https%3A%2F%2Felsewhere.example%2Fsurvey%2Fdetails%2F1", status: 404 },
  ],
  "GET /api/avatars/{id}": () => [{ params: { id: avatarId }, status: 200 }, { params: { id: missing }, status: 404 }],
  "GET /api/health": () => [{ status: 200 }],
  "GET /api/altcha/challenge": () => [{ status: 200 }],
  "GET /api/health/ready": () => [{ status: 200 }],
  "GET /api/metrics": () => [{ headers: { authorization: `Bearer ${METRICS_TOKEN}` }, status: 200 }, { status: 401 }],
  "GET /api/openapi.json": () => [{ status: 200 }],
  "GET /api/auth/session": () => [{ cookie: voterCookie, status: 200 }, { status: 200 }],
  "GET /api/auth/csrf": () => [{ status: 200 }],
  "GET /api/auth/providers": () => [{ status: 200 }],
  "GET /api/me/api-keys": () => [{ cookie: ownerCookie, status: 200 }, { cookie: voterCookie, status: 403 }, { status: 401 }],
  "GET /api/v1/surveys": () => [
    { headers: surveyKey, status: 200 },
    { headers: surveyKey, query: "limit=1", status: 200 },
    { headers: surveyKey, query: "cursor=forged", status: 400 },
    { status: 401 },
  ],
  "GET /api/v1/surveys/{id}": () => [
    { headers: surveyKey, params: { id: published.id }, status: 200 },
    { headers: surveyKey, params: { id: unpublished.id }, status: 200 },
    { headers: surveyKey, params: { id: missing }, status: 404 },
  ],
  "GET /api/v1/surveys/{id}/results": () => [{ headers: surveyKey, params: { id: published.id }, status: 200 }],
  "GET /api/v1/surveys/{id}/voters": () => [
    { headers: surveyKey, params: { id: published.id }, status: 200 },
    { headers: surveyKey, params: { id: published.id }, query: "limit=1", status: 200 },
  ],
  "GET /api/v1/webhooks": () => [
    { headers: hookKey, status: 200 },
    { headers: hookKey, query: "limit=1&cursor=forged", status: 400 },
    { status: 401 },
  ],
  "GET /api/v1/webhooks/{id}": () => [{ headers: hookKey, params: { id: hookId }, status: 200 }, { headers: hookKey, params: { id: missing }, status: 404 }],
  "GET /api/v1/webhooks/{id}/deliveries": () => [{ headers: hookKey, params: { id: hookId }, status: 200 }],
  "POST /api/reported_by": () => [{ as: voter, body: {}, status: 200 }, { as: owner, body: {}, status: 403 }],
  "POST /api/get_participated_survey": () => [{ as: voter, body: { userEmail: voter.email }, status: 200 }, { as: voter, body: { userEmail: pro.email }, status: 403 }],
  "POST /api/get_commented_surveys": () => [{ as: pro, body: {}, status: 200 }],
  "POST /api/is_user_exist": () => [
    { as: voter, body: { email: voter.email }, status: 200 },
    { as: admin, body: { email: "nobody@example.test" }, status: 200 },
  ],
  "POST /api/user": () => [{ as: voter, body: { email: voter.email }, status: 200 }],
  "POST /api/jwt": () => [{ cookie: ownerCookie, body: { email: owner.email }, status: 200 }, { as: owner, body: { email: owner.email }, status: 403 }],
};

/** Writes on the throwaway test database, in order. */
const WRITES: [string, () => Call[]][] = [
  ["PUT /api/vote/{id}", () => [{ as: fresh, params: { id: published.id }, body: { vote: "yes" }, status: 200 }, { as: fresh, params: { id: published.id }, body: { vote: "no" }, status: 409 }]],
  ["PUT /api/report_survey/{id}", () => [{ as: fresh, params: { id: published.id }, body: {}, status: 200 }, { as: fresh, params: { id: published.id }, body: {}, status: 409 }]],
  [
    "POST /api/contact",
    () => [
      { body: { name: "Ann", email: "ann@example.test", message: "A message long enough." }, status: 200 },
      { body: {}, status: 400 },
      { body: { name: "Ann", email: "ann@example.test", message: "A message long enough.", altcha: "not-a-payload" }, status: 400 },
    ],
  ],
  [
    "POST /api/create_survey",
    () => [
      { as: owner, body: { title: "New", description: "About it", category: "Health", deadline: "2999-01-01", questionTitle: "Q?", questionDescription: "Yes or no?" }, status: 201 },
      { as: owner, body: { title: "New" }, status: 400 },
    ],
  ],
  [
    "PUT /api/updateDocument/{id}",
    () => [
      { as: owner, params: { id: unpublished.id }, body: { title: "Renamed", description: "About it", category: "Health", deadline: "2999-01-01", questionTitle: "Q?", questionDescription: "Yes or no?" }, status: 200 },
      { as: owner, params: { id: unpublished.id }, body: { yesCount: 5 }, status: 400 },
    ],
  ],
  ["POST /api/update_survey_status", () => [{ as: admin, body: { id: unpublished.id, status: "unpublish" }, status: 422 }, { as: admin, body: { id: unpublished.id, status: "publish" }, status: 200 }]],
  ["POST /api/update_role", () => [{ as: admin, body: { id: fresh.id, role: "pro_user" }, status: 200 }, { as: admin, body: { id: admin.id, role: "user" }, status: 409 }]],
  ["POST /api/upload", () => [{ as: voter, form: imageForm({}), status: 400 }]],
  ["PATCH /api/me", () => [{ as: voter, body: { name: "Voter Renamed" }, status: 200 }, { as: voter, body: { role: "admin" }, status: 400 }]],
  ["PATCH /api/me/mail-preferences", () => [{ as: voter, body: { results: false }, status: 200 }]],
  ["POST /api/passkeys/sign-in-options", () => [{ status: 200 }, { body: { email: "nobody@example.test" }, status: 400 }]],
  ["POST /api/me/passkeys/options", () => [{ cookie: voterCookie, status: 200 }, { as: voter, status: 403 }]],
  ["POST /api/me/passkeys", () => [{ cookie: voterCookie, body: { response: "not a passkey" }, status: 400 }]],
  ["PATCH /api/me/passkeys/{id}", () => [{ as: voter, params: { id: missing }, body: { name: "Laptop" }, status: 404 }]],
  ["DELETE /api/me/passkeys/{id}", () => [{ as: voter, params: { id: missing }, status: 404 }]],
  ["POST /api/me/second-factor/totp", () => [{ cookie: voterCookie, status: 200 }, { as: voter, status: 403 }]],
  ["POST /api/me/second-factor/totp/confirm", () => [{ cookie: voterCookie, body: { code: "12345" }, status: 400 }]],
  ["DELETE /api/me/second-factor/totp", () => [{ cookie: voterCookie, body: { code: "123456" }, status: 409 }]],
  ["POST /api/me/second-factor/recovery-codes", () => [{ cookie: voterCookie, body: {}, status: 409 }]],
  ["POST /api/me/second-factor/verify", () => [{ cookie: voterCookie, body: {}, status: 400 }, { cookie: voterCookie, body: { code: "123456" }, status: 409 }]],
  ["POST /api/me/second-factor/passkey-options", () => [{ cookie: voterCookie, status: 409 }]],
  ["DELETE /api/me/sessions/{id}", () => [{ as: leaver, params: { id: missing }, status: 404 }]],
  // Last for this person: it ends their other sessions and every API token.
  ["DELETE /api/me/sessions", () => [{ cookie: leaverCookie, body: {}, status: 200 }]],
  ["POST /api/password/forgot", () => [{ body: { email: "nobody@example.test" }, status: 200 }]],
  ["POST /api/password/reset", () => [{ body: { token: "not-a-link", password: "long enough" }, status: 400 }]],
  ["POST /api/unsubscribe", () => [{ query: "token=forged", status: 400 }]],
  ["DELETE /api/me", () => [{ as: fresh, body: {}, status: 403 }]],
  ["POST /api/register", () => [{ form: imageForm({ name: "Reg", email: "not-an-email", password: "long enough" }), status: 400 }]],
  [
    "POST /api/me/api-keys",
    () => [
      { cookie: ownerCookie, body: { name: "Contract", scopes: ["surveys:read"] }, status: 201 },
      { cookie: ownerCookie, body: { name: "", scopes: [] }, status: 400 },
    ],
  ],
  ["DELETE /api/me/api-keys/{id}", () => [{ cookie: ownerCookie, params: { id: missing }, status: 404 }]],
  [
    "POST /api/v1/surveys",
    () => [
      { headers: { ...surveyKey, "idempotency-key": "contract-create" }, body: v1Survey(), status: 201 },
      { headers: { ...surveyKey, "idempotency-key": "contract-create" }, body: v1Survey(), status: 201 },
      { headers: { ...surveyKey, "idempotency-key": "contract-create" }, body: { ...v1Survey(), title: "Another" }, status: 422 },
      { headers: surveyKey, body: { ...v1Survey(), title: "" }, status: 400 },
    ],
  ],
  ["PATCH /api/v1/surveys/{id}", () => [{ headers: surveyKey, params: { id: published.id }, body: { questionDescription: "Do you agree, really?" }, status: 200 }]],
  ["POST /api/v1/surveys/{id}/unpublish", () => [{ headers: surveyKey, params: { id: unpublished.id }, status: 200 }]],
  [
    "POST /api/v1/webhooks",
    () => [
      { headers: hookKey, body: { url: "https://hooks.example.com/another", events: ["vote.created", "survey.closed"] }, status: 201 },
      { headers: hookKey, body: { url: "https://127.0.0.1/", events: ["vote.created"] }, status: 400 },
    ],
  ],
  ["POST /api/v1/webhooks/{id}/rotate", () => [{ headers: hookKey, params: { id: hookId }, status: 200 }]],
  ["PATCH /api/v1/webhooks/{id}", () => [{ headers: hookKey, params: { id: hookId }, body: { enabled: true }, status: 200 }]],
  ["POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver", () => [{ headers: hookKey, params: { id: hookId, deliveryId }, status: 202 }]],
  ["DELETE /api/v1/webhooks/{id}", () => [{ headers: hookKey, params: { id: hookId }, status: 200 }, { headers: hookKey, params: { id: hookId }, status: 404 }]],
];

const PROOF_OF_WORK = new Set(["POST /api/contact", "POST /api/password/forgot", "POST /api/register"]);

async function send(key: string, c: Call) {
  const [method, docPath] = key.split(" ");
  const handler = await handlerOf(method, docPath);
  expect(handler, `${key}: the route exports no ${method}`).toBeTypeOf("function");
  const concrete = docPath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.params?.[name] ?? name));
  const options = {
    method,
    path: `${concrete}${c.query ? `?${c.query}` : ""}`,
    as: c.as,
    params: c.params,
    body: c.body,
    rawBody: c.form,
    headers: { ...c.headers, ...(c.cookie && { cookie: c.cookie }) },
  };
  // These calls need a solved proof-of-work: each gets a fresh one.
  const res = await call(handler, PROOF_OF_WORK.has(key) ? await withAltcha(options) : options);
  expect(res.status, `${key} ${JSON.stringify(c.query ?? c.params ?? "")}: ${JSON.stringify(res.json).slice(0, 300)}`).toBe(c.status);
  expectDocumented(method, docPath, res);
  return res;
}

describe("the OpenAPI document matches the app's answers", () => {
  it("covers every documented GET", () => {
    const gets = Object.entries(document.paths!)
      .filter(([, item]) => item?.get)
      .map(([path]) => `GET ${path}`);
    expect(gets.filter((key) => !(key in READS)), "add the calls to READS").toEqual([]);
  });

  for (const [key, calls] of Object.entries(READS)) {
    it(`${key}: each answer is documented`, async () => {
      for (const c of calls()) await send(key, c);
    });
  }

  it("the answers of a few writes are documented too", async () => {
    for (const [key, calls] of WRITES) for (const c of calls()) await send(key, c);
  });

  it("an unpublished survey's feedback, an avatar and a voter's own comment are in the answers", async () => {
    const own = (await send("GET /api/surveys/{email}", { as: owner, params: { email: owner.email }, status: 200 })).json as unknown as { _id: string; feedback: string | null }[];
    expect(own.find((s) => s._id === unpublished.id)?.feedback).toBe("Please name the product");
    const state = (await send("GET /api/vote/{id}", { as: pro, params: { id: published.id }, status: 200 })).json as { myVote?: { comment: string } };
    expect(state.myVote?.comment).toBe("Clear question");
  });
});
