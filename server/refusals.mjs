// Requests Next would answer with a 500 and a stack trace in the log, refused here with a 4xx
// before they reach it, with strict headers of their own.
import { createRequire } from "node:module";

const REFUSAL_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

// Next's own check of the Next-Router-State-Tree header (size, JSON, shape), which it runs deep in a
// render and answers with a 500. An internal module: if a Next upgrade moves it, fall back to the
// JSON-array part of the check.
const require = createRequire(import.meta.url);
let validateRouterState;
try {
  ({ parseAndValidateFlightRouterState: validateRouterState } = require("next/dist/server/app-render/parse-and-validate-flight-router-state"));
} catch {
  validateRouterState = (header) => {
    if (Array.isArray(header) || header.length > 40_000 || !Array.isArray(JSON.parse(decodeURIComponent(header)))) throw new Error("invalid");
  };
}

/**
 * - TRACE/TRACK/CONNECT: no route handles them, and TRACE would echo the request;
 * - a path with a malformed percent-encoding (`/api/%zz`, `/survey/details/%E0%A4%A`);
 * - an RSC request whose Next-Router-State-Tree is not the router state Next expects.
 * @param {import("node:http").IncomingMessage} req
 * @returns {[number, string, string] | null} status, code, message
 */
function malformed(req) {
  const method = req.method ?? "GET";
  if (method === "TRACE" || method === "TRACK" || method === "CONNECT") return [405, "method_not_allowed", "This method is not allowed"];
  try {
    decodeURIComponent((req.url ?? "/").split("?")[0]);
  } catch {
    return [400, "bad_request", "The address is not valid"];
  }
  const tree = req.headers["next-router-state-tree"];
  if (tree !== undefined) {
    try {
      validateRouterState(tree);
    } catch {
      return [400, "bad_request", "The router state header is not valid"];
    }
  }
  return null;
}

/**
 * Answers a malformed request with its 4xx and returns true; returns false for every other request.
 * TRACE and the others are refused here on every path, with every method the site has as `Allow`.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} requestId
 */
export function refuseMalformed(req, res, requestId) {
  const refusal = malformed(req);
  if (!refusal) return false;
  const [status, code, message] = refusal;
  res.writeHead(status, { ...REFUSAL_HEADERS, ...(status === 405 && { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" }) });
  res.end(JSON.stringify({ error: { code, message, requestId } }));
  req.resume();
  return true;
}

/**
 * Answers a method the route does not have with 405, the API's error body and the route's `Allow`
 * (RFC 9110 §15.5.6), where Next would send an empty 405 without it.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} requestId
 * @param {string[]} allow the methods the route answers
 */
export function refuseMethod(req, res, requestId, allow) {
  res.writeHead(405, { ...REFUSAL_HEADERS, Allow: allow.join(", ") });
  res.end(JSON.stringify({ error: { code: "method_not_allowed", message: `This address answers ${allow.join(", ")} only`, requestId } }));
  req.resume();
}
