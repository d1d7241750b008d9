// What an API key may do (docs/integrations.md): each /api/v1 route names the one scope it needs
// (`route({ scope })`, lib/api/handler.ts). Loads in the browser too (the account page's checkboxes).
export const API_SCOPES = ["surveys:read", "surveys:write", "results:read", "webhooks:write"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope lets a key do, in words (the account page, the API reference). */
export const SCOPE_TEXT: Record<ApiScope, string> = {
  "surveys:read": "List and read your surveys",
  "surveys:write": "Create, edit and unpublish your surveys",
  "results:read": "Read your surveys' results and voters",
  "webhooks:write": "Add and remove webhooks",
};

export const isApiScope = (value: unknown): value is ApiScope => typeof value === "string" && (API_SCOPES as readonly string[]).includes(value);
