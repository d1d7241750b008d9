// The one logger of the server (server/) and the app: pino, one JSON object per line on stdout
// (errors on stderr), `LOG_LEVEL` as the threshold, pretty output under `next dev` only.
// Callers pass only what is safe to print: never passwords, tokens, cookies or request bodies; should one
// slip in under a usual name, pino's redaction prints "[redacted]" in its place.
import pino from "pino";

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"];

// JSON escapes C0 controls and quotes but leaves DEL, C1 controls (a terminal may read U+009B as an
// escape), the Unicode line separators and bidirectional overrides as they are: escaped here, on the
// finished line, so nothing a caller sends can start a line of its own or disguise one.
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeUnsafe = (line) => line.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** LOG_LEVEL as configured (read each time, so a changed variable applies), `info` by default. */
export function configuredLevel() {
  const value = process.env.LOG_LEVEL?.trim().toLowerCase();
  return LOG_LEVELS.includes(value) ? value : "info";
}

const SECRET_KEYS = ["password", "authorization", "cookie", "token", "secret", "apiToken", "csrfToken"];
const REDACT = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `headers.${key}`, `*.headers.${key}`]);

const options = (level) => ({
  level,
  redact: { paths: REDACT, censor: "[redacted]" },
  base: undefined,
  messageKey: "msg",
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  hooks: { streamWrite: escapeUnsafe },
});

/** A logger writing to this process's stdout (errors to stderr), or pretty lines in development. */
export function createLogger() {
  if (process.env.NODE_ENV === "development") {
    return pino({ ...options(configuredLevel()), transport: { target: "pino-pretty", options: { colorize: true, destination: 1 } } });
  }
  // The streams are looked up on every write (not a file descriptor), so output can be redirected.
  const streams = [
    { level: "debug", stream: { write: (line) => process.stdout.write(line) } },
    { level: "error", stream: { write: (line) => process.stderr.write(line) } },
  ];
  return pino(options(configuredLevel()), pino.multistream(streams, { dedupe: true }));
}

let line = "";
const formatter = pino(options("debug"), { write: (s) => void (line = s) });

/** The line the logger writes for this event (without its newline). */
export function formatLogLine(level, msg, fields = {}) {
  formatter[level](fields, msg);
  return line.trimEnd();
}
