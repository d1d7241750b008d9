// Every request gets a fresh id, whatever the client sent: in X-Request-Id for the app (the route
// wrapper puts it in error bodies and log lines) and on the answer, so a person can quote it.
import { randomUUID } from "node:crypto";

/**
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export function assignRequestId(req, res) {
  const requestId = newRequestId();
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  return requestId;
}

/** A fresh request id, for an answer that sets its headers in one piece (server/static-files.mjs). */
export const newRequestId = () => randomUUID();
