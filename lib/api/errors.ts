export type ErrorCode =
  | "bad_request"
  | "altcha_required"
  | "altcha_invalid"
  | "altcha_expired"
  | "altcha_replayed"
  | "unauthorized"
  | "forbidden"
  | "email_unverified"
  | "second_factor_required"
  | "recent_second_factor_required"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unprocessable"
  | "too_many_requests"
  | "service_unavailable"
  | "not_implemented"
  | "internal";

/** The HTTP status of each error code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  // The proof-of-work of registration, contact and forgot-password (lib/altcha.ts).
  altcha_required: 400,
  altcha_invalid: 400,
  altcha_expired: 400,
  altcha_replayed: 400,
  unauthorized: 401,
  forbidden: 403,
  email_unverified: 403,
  // A role that must have a second factor (REQUIRE_ADMIN_SECOND_FACTOR) has none yet; the gravest
  // actions need one proved within the last minutes (lib/accounts/second-factor.ts).
  second_factor_required: 403,
  recent_second_factor_required: 403,
  not_found: 404,
  // A method the route does not answer: the production server refuses it with `Allow` (server/refusals.mjs).
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  service_unavailable: 503,
  not_implemented: 501,
  internal: 500,
};

export type ErrorIssue = { path: string; message: string };

/** An error a service may throw that the route wrapper turns into JSON with the right status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** Seconds the client should wait before trying again: sent as `Retry-After` (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = "Not found") => new ApiError("not_found", what);
export const forbidden = (why = "You are not allowed to do this") => new ApiError("forbidden", why);

/** The challenge of every 401 (RFC 9110 §11.6.1): API callers authenticate with a Bearer token. */
export const WWW_AUTHENTICATE = 'Bearer realm="OPINEX"';
