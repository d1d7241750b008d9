// The callers of the authorisation matrix and the shape of its rows (tests/matrix/routes.ts). No import
// of the app: e2e/matrix.spec.ts loads this outside any bundler.

export const CALLERS = ["anon", "user", "pro", "owner", "other", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, "anon">;

/** Demo accounts (seeded by scripts/seed.ts): `owner` owns the survey ids below; `other` is another surveyor. */
export const ACCOUNTS: Record<SignedInCaller, string> = {
  user: "user@demo.test",
  pro: "pro@demo.test",
  owner: "surveyor@demo.test",
  other: "surveyor2@demo.test",
  admin: "admin@demo.test",
};

/**
 * The callers the matrix also sends with an API key of theirs (every scope; e2e/matrix.spec.ts makes it
 * on the account page): the roles that may hold one.
 */
export const KEY_HOLDERS = ["owner", "other", "admin"] as const satisfies readonly SignedInCaller[];
export type KeyHolder = (typeof KEY_HOLDERS)[number];

/** Each signed-in caller's role (models/enums.ts). */
export const ROLE_OF: Record<SignedInCaller, string> = { user: "user", pro: "pro_user", owner: "surveyor", other: "surveyor", admin: "admin" };

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
  /**
   * What a caller the route's declared access lets in gets (200 when left out): the signed-out get 401
   * and other roles 403 wherever the access asks for a sign-in or an action (tests/matrix/routes.ts).
   */
  letIn?: Expected;
  /**
   * Only where a caller gets something else than the access implies (an ownership check's 403 or 404, a
   * body only admins may send); for a page, or a path nothing declares, what every caller gets.
   */
  expect?: Partial<Record<Caller, Expected>>;
  /** Where a bearer-token caller gets something else than the same caller by cookie. */
  bearer?: Partial<Record<Caller, Expected>>;
  /**
   * What a caller presenting their API key (`Bearer opx_…`) gets. Outside /api/v1 a key names no one,
   * so it is what the signed-out get unless said here; an /api/v1 row says it, or its key callers are not sent.
   */
  apiKey?: Partial<Record<KeyHolder, Expected>>;
  proof: string;
};

export const all = (status: Expected): Record<Caller, Expected> => ({ anon: status, user: status, pro: status, owner: status, other: status, admin: status });
export const emailOf = (caller: Caller) => (caller === "anon" ? "nobody@demo.test" : ACCOUNTS[caller]);
/** Every signed-in caller. */
export const signedIn = (status: Expected): Partial<Record<Caller, Expected>> => ({ user: status, pro: status, owner: status, other: status, admin: status });

/**
 * A request with a body to a path without parameters, whose route file is the path's own: the same body
 * from every caller, the status of a caller its access lets in, and (`more`) what else the row says.
 */
export const sendRow = (method: Row["method"], path: string, body: RequestBody, letIn: Expected, proof: string, more: Pick<Row, "bearer" | "expect" | "apiKey"> = {}): Row => ({
  file: `app${path}/route.ts`,
  method,
  path: () => path,
  body: () => body,
  letIn,
  ...more,
  proof,
});
