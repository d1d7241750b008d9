// The hostile values every family of cases draws from, the shape of a case, and the small builders of
// bodies they share (tests/hostile/cases.ts puts the families together).
import fc from "fast-check";

export type Caller = "anon" | "user" | "pro" | "surveyor" | "admin";
export type Ids = { survey: string; proEmail: string; userEmail: string; surveyorEmail: string };

/**
 * Where a body carries the `altcha` proof-of-work (registration, contact, forgot-password): the runner
 * puts a freshly fetched and really solved payload there when it sends the case (`withSolvedAltcha`),
 * so each case is refused for its hostile value, not for a missing robot check.
 */
export const ALTCHA_PLACEHOLDER = "{{solved-altcha-payload}}";

/** The body with its placeholder replaced by `payload` (bytes around it untouched: multipart stays intact). */
export function withSolvedAltcha(body: Buffer, payload: string): Buffer {
  const at = body.indexOf(ALTCHA_PLACEHOLDER);
  if (at < 0) return body;
  return Buffer.concat([body.subarray(0, at), Buffer.from(payload), body.subarray(at + ALTCHA_PLACEHOLDER.length)]);
}

export type HostileCase = {
  family: string;
  method: string;
  /** Already encoded as it goes on the wire (malformed percent-encoding is kept as it is). */
  path: string;
  caller: Caller;
  /** Send the caller as a session cookie instead of a bearer token. */
  cookie?: boolean;
  headers?: Record<string, string>;
  body?: Buffer;
  /** "json": an /api answer (JSON error body); "html": a page (HTML error page); "any": only 4xx. */
  kind: "json" | "html" | "any";
  /** Expects the hardened behaviour (415, 405, 413 on /api/auth, controls refused, bad %-encoding 400). */
  hardening?: boolean;
};

// ---- hostile values

export const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(10)",
  "\" OR \"\"=\"",
  "admin'--",
  "1 UNION SELECT password_hash FROM users",
  "%' AND 1=1 --",
  "$1",
  "::uuid",
];
export const UNICODE = [
  "\u202Eevil\u202C", // right-to-left override
  "\u200F\u05E9\u05DC\u05D5\u05DD", // RLM + Hebrew
  "مرحبا بالعالم",
  "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301", // stacked combining accents
  "Z\u0351\u0364\u0300\u0315\u035Ba\u035D\u035Fl\u0489g\u0334o",
  "😀👩‍👩‍👧‍👦🏳️‍🌈",
  "\uFEFF\u200B\u2060",
  "\uD800", // lone surrogate
  "ｆｕｌｌｗｉｄｔｈ",
];
export const controls = fc
  .array(fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c === 0x7f || c >= 0x80), { minLength: 1, maxLength: 6 })
  .map((codes) => String.fromCharCode(...codes));

/** A string that is never a valid enum value, id, email or intent id. */
export const hostileString = fc.oneof(
  fc.constantFrom(...SQL),
  fc.constantFrom(...UNICODE),
  controls.map((c) => `x${c}y`),
  fc.string({ unit: "grapheme", maxLength: 40 }).map((s) => `${s}\u0000`),
  fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
  fc.constantFrom("", " ", "null", "undefined", "NaN", "-1", "0", "1e308", "../../etc/passwd", "<script>alert(1)</script>", "{{7*7}}", "${7*7}"),
);

/** Any JSON value a client could send where a string was expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom({ $ne: null }, { $gt: "" }, { $where: "1==1" }, { $regex: ".*" }, [{ $ne: null }]),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -0, [], {}, [[]]),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Keys that try to reach prototypes or smuggle fields. */
export const hostileKey = fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "$where", "role", "yesCount", "_id", "status"), fc.string({ maxLength: 12 }));

export const MB = 1024 * 1024;
export const big = (n: number) => "x".repeat(n);

// ---- helpers

export const json = (value: unknown) => Buffer.from(JSON.stringify(value));
export const JSON_HEADERS = { "content-type": "application/json" };
/** JSON text with raw `__proto__`/`constructor` keys (JSON.stringify of an object literal would drop them). */
export const protoJson = (inner: string) =>
  Buffer.from(`{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}},${inner}}`);

export const today = () => new Date().toISOString().slice(0, 10);
export const later = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
export const survey = () => ({ title: "A hostile survey", description: "Never stored.", category: "Other", deadline: later(), questionTitle: "Q?", questionDescription: "Yes or no?" });
