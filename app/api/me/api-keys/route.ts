// GET /api/me/api-keys: the caller's API keys in force (never the keys themselves)
// POST /api/me/api-keys { name, scopes }: a new key, shown once (browser session only)
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { createApiKey, listApiKeys, toApiKeyJson } from "@/lib/integrations/api-keys";
import { API_KEYS_MAX, apiKeysAnswerSchema, createApiKeySchema, createdApiKeySchema } from "@/lib/integrations/api-key-schema";

export const GET = route({
  auth: "useApiKeys",
  cookieOnly: true,
  doc: {
    tag: "Account",
    summary: "My API keys",
    description: "The caller's keys in force, newest first: name, first characters, scopes, when made and last used. Never the keys themselves.",
    answers: [answer("The keys", apiKeysAnswerSchema)],
  },
  handler: async ({ user }) => ({ apiKeys: (await listApiKeys(user.id)).map(toApiKeyJson), limit: API_KEYS_MAX }),
});

export const POST = route({
  auth: "useApiKeys",
  cookieOnly: true,
  body: createApiKeySchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Account",
    summary: "Make an API key",
    description: `A key for the caller's own tools, for /api/v1 (docs/integrations.md): it acts as the caller with no more than its scopes, and never for account, payment or admin calls. The key is in this answer only; the site keeps its hash. 409 past ${API_KEYS_MAX} keys in force.`,
    answers: [answer("Made: the key, shown this once", createdApiKeySchema, 201)],
    errors: [409],
  },
  handler: async ({ user, body }) => NextResponse.json(await createApiKey(user.id, body), { status: 201 }),
});
