import { requiredText } from "@/lib/validation/text";
import { z } from "@/lib/validation/zod";
import { API_SCOPES } from "./scopes";

// API keys: what the account page's form and the routes of /api/me/api-keys accept and answer. Shared
// with the browser, so no server imports.

/** How many keys one account may hold in force at once (revoked ones do not count). */
export const API_KEYS_MAX = 20;
export const API_KEY_NAME_MAX = 60;

export const apiKeyNameSchema = requiredText("Name", API_KEY_NAME_MAX, {
  notText: "Give the key a name",
  empty: "Give the key a name",
  tooLong: `A key's name is at most ${API_KEY_NAME_MAX} characters`,
});

const scopeSchema = z.enum(API_SCOPES, { error: `Each scope must be one of ${API_SCOPES.join(", ")}` });

export const createApiKeySchema = z.strictObject(
  {
    name: apiKeyNameSchema.meta({ description: `What the key is for, 1 to ${API_KEY_NAME_MAX} characters (shown in the list)` }),
    scopes: z
      .array(scopeSchema, { error: "scopes must be a list of scopes" })
      .min(1, "Choose at least one scope")
      .max(API_SCOPES.length, "Each scope may be named once")
      .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope may be named once")
      .meta({ description: "What the key may do: one or more of the scopes, each once" }),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ error: "No such key" }) });

const scopesAnswer = z.array(z.enum(API_SCOPES));

export const createdApiKeySchema = z.object({
  id: z.uuid(),
  key: z.string().meta({ description: "The key itself (`opx_…`): shown this once, never again. Send it as `Authorization: Bearer opx_…`" }),
});

export const apiKeyJsonSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string().meta({ description: "The key's first characters, to tell keys apart" }),
    scopes: scopesAnswer,
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().meta({ description: "To the minute; null when never used" }),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyJson = z.output<typeof apiKeyJsonSchema>;

export const apiKeysAnswerSchema = z.object({
  apiKeys: z.array(apiKeyJsonSchema).meta({ description: "The keys in force, newest first" }),
  limit: z.int().meta({ description: "How many keys an account may hold at once" }),
});
