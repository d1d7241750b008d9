// GET /api/survey/{id}/live (Server-Sent Events) handed to its route's handler by the server itself,
// without Next's request pipeline. A stream stays open for as long as its viewer watches, and Next keeps
// its whole pipeline alive meanwhile: about 43 kB of the server's heap per open stream (a dozen suspended
// async functions, the request, its headers and signal, the web streams piped to Node's answer), 43 MB
// for 1,000 viewers. Here a stream holds the handler's own state (lib/live/streams.ts), its request and
// one reader.
//
// The handler is the route's (app/api/survey/[id]/live/route.ts: the `route()` wrapper with its checks,
// CORS, errors and logs), which the route module puts on the process-wide seam when Next loads it: the
// first stream after a start goes through Next, every later one comes here. The answer carries what
// Next's would: the handler's status and headers with the headers of next.config.ts for its path. The
// request id, the client address, HSTS, the refusals of malformed requests and the metrics are the
// server's, as for every answer (server/index.mjs).
import { runtime } from "../lib/runtime.mjs";
import { headersFor } from "./response-headers.mjs";

const LIVE_PATH = /^\/api\/survey\/([^/?#]+)\/live(?:\?.*)?$/;
/** What Next's app routes say their answers vary with (its router's request headers), before a route's own. */
const NEXT_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

/**
 * @param {{ rules: ReturnType<typeof import("./response-headers.mjs").headerRules>, log?: { error: Function } }} options
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, https: boolean) => boolean}
 *   answers a live stream's request (true), or leaves it to Next (false): another path or method, the
 *   route not loaded yet, an id that does not decode
 */
export function createLiveStreams({ rules, log }) {
  /** Next's request class, loaded once Next has set up its process (loading it before fails). */
  let NextRequest = null;
  let loading = false;
  return function serve(req, res, https) {
    if (req.method !== "GET") return false;
    const url = req.url ?? "";
    const match = LIVE_PATH.exec(url);
    if (!match) return false;
    const handler = /** @type {{ liveStream?: Function }} */ (runtime().services).liveStream;
    if (!handler) return false;
    if (!NextRequest) {
      if (!loading) {
        loading = true;
        import("next/server.js").then((module) => (NextRequest = module.NextRequest));
      }
      return false;
    }
    let id;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return false;
    }
    const extra = headersFor(rules, url.split("?")[0]);
    // A rule that depends on the request: Next decides.
    if (extra === null) return false;

    const gone = new AbortController();
    res.once("close", () => gone.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const origin = `${https ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
    const request = new NextRequest(new URL(url, origin), { headers, signal: gone.signal });
    handler(request, { params: Promise.resolve({ id }) }).then(
      (/** @type {Response} */ response) => send(res, response, extra, gone.signal),
      (/** @type {Error} */ error) => {
        log?.error({ error: error?.message }, "live stream crashed");
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      },
    );
    return true;
  };
}

/**
 * Writes a web Response to Node's answer: its status, its headers after the configured ones (Next's
 * order: a route's own header wins), then its body as it comes, waiting while the client reads slowly.
 * @param {import("node:http").ServerResponse} res
 * @param {Response} response
 * @param {[string, string][]} configured
 * @param {AbortSignal} gone
 */
async function send(res, response, configured, gone) {
  const own = new Set([...response.headers.keys()]);
  const list = configured.filter(([name]) => !own.has(name.toLowerCase())).flat();
  for (const [name, value] of response.headers) if (name !== "vary") list.push(name, value);
  const vary = response.headers.get("vary");
  list.push("Vary", vary ? `${NEXT_VARY}, ${vary}` : NEXT_VARY);
  res.writeHead(response.status, list);
  if (!response.body) return void res.end();
  // The status and headers at once, before the first event (an event stream may wait for one).
  res.flushHeaders();
  const reader = response.body.getReader();
  // The viewer went: the handler's stream is cancelled (its cleanup runs), the loop below ends.
  gone.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone.aborted) break;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch {
    res.destroy();
  }
}

/** Until the client has read what was written (or gone). */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve(undefined);
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
