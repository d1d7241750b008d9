// The app's side of the one logger (lib/logger.mjs): `log(level, msg, fields)`.
import { configuredLevel, createLogger, type LogLevel } from "./logger.mjs";
import { runtime } from "./runtime.mjs";

export { formatLogLine, type LogLevel } from "./logger.mjs";

const logger = createLogger();

export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}) {
  const wanted = configuredLevel();
  if (logger.level !== wanted) logger.level = wanted;
  logger[level](fields, msg);
}

/** This request was logged by the route wrapper: the server's line for failed requests is not needed. */
export function markLogged(requestId: string) {
  runtime().logged.add(requestId);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The id the server gave this request (X-Request-Id), or a new one when there is none usable. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
