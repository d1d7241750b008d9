// The authorisation matrix: every /api route (each method its route.ts exports) and every dashboard
// page, against every kind of caller, with the status each must get. e2e/matrix.spec.ts sends every
// row as every caller (session cookie and bearer token, with and without `x-middleware-subrequest`)
// to a production build; tests/matrix/routes.test.ts fails when a route file or method has no row.
//
// Who a route lets in is its own declaration (`route({ auth })`: anyone, anyone signed in, or an action
// of lib/auth/permissions.ts), which the API reference states per operation (`x-roles`). The expected
// statuses come from there: the admitted callers get the row's "let in" status, other signed-in
// callers 403, the signed-out 401. A row states a caller's status only where the access does not tell
// it (an ownership check, a body only admins may send), and every caller's for a page.
//
// How a row proves authorization without changing shared demo state: reads are sent as they are;
// writes either carry a body that the route refuses only *after* the caller passed the role check
// (the wrapper checks the caller, then params, then the body: 400 therefore means "allowed in"), or a
// body that is valid but changes nothing (an upgrade confirmation for an account that is already
// pro_user, a token for oneself). Each row's `proof` says which.
import { CALLERS, ROLE_OF, type Caller, type Expected, type KeyHolder, type Row } from "./callers";
import { PAGE_ROWS } from "./page-rows";
import { PUBLIC_ROWS } from "./public-rows";
import { routeFileOf } from "../route-files";
import { SIGNED_IN_ROWS } from "./signed-in-rows";

export * from "./callers";

export const ROWS: Row[] = [...PUBLIC_ROWS, ...SIGNED_IN_ROWS, ...PAGE_ROWS];

/** Who a route lets in: anyone, or a signed-in person of one of these roles. */
export type Admitted = "anyone" | readonly string[];

/** The parts of the OpenAPI document (GET /api/openapi.json) the matrix reads. */
export type ApiDocument = { paths?: Record<string, Record<string, { "x-roles"?: string[] } | unknown>> };

/**
 * Who the API reference says a route file's method lets in: each operation it serves (Auth.js's one
 * file serves several) names its roles in `x-roles`, or none when no sign-in is needed. Undefined when
 * the file has no operation of that method (a page, the catch-all of unknown paths).
 */
export function admittedByDocument(document: ApiDocument, files: string[], row: Pick<Row, "file" | "method">): Admitted | undefined {
  const found = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const operation = item[row.method.toLowerCase()] as { "x-roles"?: string[] } | undefined;
    if (!operation || routeFileOf(files, path) !== row.file) continue;
    found.add(JSON.stringify(operation["x-roles"] ?? "anyone"));
  }
  if (found.size > 1) throw new Error(`${row.method} ${row.file}: its operations disagree on who may call (${[...found].join(" / ")})`);
  return found.size ? (JSON.parse([...found][0]) as Admitted) : undefined;
}

/** What every caller gets from a row: the access's answer, then the row's own where it differs. */
export function expectationsOf(row: Row, admitted: Admitted | undefined): Record<Caller, Expected> {
  const letIn = row.letIn ?? 200;
  const expected: Partial<Record<Caller, Expected>> = {};
  if (admitted !== undefined) {
    for (const caller of CALLERS) {
      if (admitted === "anyone") expected[caller] = letIn;
      else expected[caller] = caller === "anon" ? 401 : admitted.includes(ROLE_OF[caller]) ? letIn : 403;
    }
  }
  Object.assign(expected, row.expect);
  const missing = CALLERS.filter((caller) => expected[caller] === undefined);
  if (missing.length) throw new Error(`${row.method} ${row.file}: nothing declares who may call it, so the row must say what ${missing.join(", ")} get`);
  return expected as Record<Caller, Expected>;
}

/**
 * What a caller presenting their API key gets from a row (`Row.apiKey`): outside /api/v1 what the
 * signed-out get (a key names no one there); undefined for an /api/v1 row that does not say, whose key
 * callers are then not sent.
 */
export function keyExpectation(row: Row, expected: Record<Caller, Expected>, caller: KeyHolder): Expected | undefined {
  const stated = row.apiKey?.[caller];
  if (stated !== undefined) return stated;
  return row.file.startsWith("app/api/v1/") ? undefined : expected.anon;
}
