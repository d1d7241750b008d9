// Structured logs: one JSON line per event on stdout (stderr for errors), filtered by LOG_LEVEL.
// Callers pass only what is safe to print: never passwords, tokens, cookies or request bodies.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = Exclude<keyof typeof LEVELS, "silent">;

function threshold(): number {
  const configured = process.env.LOG_LEVEL?.trim().toLowerCase() as keyof typeof LEVELS | undefined;
  return LEVELS[configured && configured in LEVELS ? configured : "info"];
}

// JSON.stringify escapes C0 controls and quotes but leaves DEL, C1 controls (a terminal may read
// U+009B as an escape), the Unicode line separators and bidirectional overrides as they are.
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeUnsafe = (line: string) => line.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** One JSON line: every value escaped, so nothing a caller sends can start a line of its own. */
export function formatLogLine(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): string {
  return escapeUnsafe(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
}

export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < threshold()) return;
  const line = formatLogLine(level, msg, fields);
  if (level === "error") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

// Request ids the route wrapper has already logged, so the server's catch-all line for failed
// requests (scripts/start.mjs, same process) does not log them twice.
const LOGGED = Symbol.for("opinex.loggedRequests");
const globalLogged = globalThis as unknown as { [LOGGED]?: Set<string> };

export function markLogged(requestId: string) {
  (globalLogged[LOGGED] ??= new Set()).add(requestId);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The id the server gave this request (X-Request-Id), or a new one when there is none usable. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
