import "server-only";
import { NextResponse } from "next/server";
import { jsonError } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { clientKey } from "@/lib/auth/client-address";
import { limitMax, limitRefusal } from "@/lib/limits/apply";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics.mjs";
import { onShutdown, onStopping, runtime } from "@/lib/runtime.mjs";
import { subscribeLive } from "./bus";
import { forgetLiveResults, publicFigures, type Figures } from "./figures";
import { createHub, type Hub, type Snapshot } from "./hub";
import type { LiveSeam } from "./notify";

// The live results streams of this server (GET /api/survey/{id}/live, Server-Sent Events): one hub
// polling each watched survey (lib/live/hub.ts), the open streams with their caps, one heartbeat for
// all of them, and their end when the server starts stopping. Process-wide (on the runtime seam):
// Next may load this module in more than one bundle, and a vote in one route must reach the streams
// of another.

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:`). */
export const LIVE_RETRY_MS = 3000;
/** A comment every so often keeps proxies and load balancers from closing a quiet stream (most wait 30-60 s). */
export const LIVE_HEARTBEAT_MS = 20_000;
/**
 * How often a watched survey's poller ticks. A vote is in the figures of the next tick after it, so a
 * viewer sees it within this plus the read and the fan-out: under a second even for 1,000 viewers.
 * Without votes a tick costs no read (the figures are memoized a second, lib/surveys/cache.ts); with
 * votes arriving, at most one read per tick, about 1.3 a second.
 */
export const LIVE_TICK_MS = 750;
/** Events a client may leave unread before its stream is dropped (it reconnects when it reads again). */
const MAX_UNREAD = 100;

const encoder = new TextEncoder();
const PING = encoder.encode(": ping\n\n");
const GONE = encoder.encode("event: gone\ndata: {}\n\n");

type OpenStream = { client: string; send: (bytes: Uint8Array) => void; end: (last?: Uint8Array) => void };

type LiveService = {
  hub: Hub<Figures>;
  streams: Set<OpenStream>;
  perClient: Map<string, number>;
  notify: (id: string) => void;
  changed: (id: string) => void;
};

function liveService(): LiveService {
  const seam = runtime().services as LiveSeam & { live?: LiveService };
  if (seam.live) return seam.live;
  let lastError = 0;
  const hub = createHub<Figures>({
    read: publicFigures,
    intervalMs: LIVE_TICK_MS,
    onError: (error) => {
      // At most one line a minute while the database is away; viewers keep the last figures.
      if (Date.now() - lastError < 60_000) return;
      lastError = Date.now();
      log("warn", "live results: reading figures failed", { error: error instanceof Error ? error.message : String(error) });
    },
  });
  const service: LiveService = {
    hub,
    streams: new Set(),
    perClient: new Map(),
    notify: (id) => hub.notify(id),
    // The memo goes first: the read that follows must not reuse figures from before the change.
    changed: (id) => {
      forgetLiveResults(id);
      hub.refresh(id);
    },
  };
  seam.live = service;

  const heartbeat = setInterval(() => {
    for (const stream of service.streams) stream.send(PING);
  }, LIVE_HEARTBEAT_MS);
  heartbeat.unref();
  // Stopping: every stream is told to come back a little later (somewhere else, behind a load
  // balancer that now sees this server unready) and ended, so none holds the drain.
  onStopping("live results streams", () => {
    clearInterval(heartbeat);
    for (const stream of [...service.streams]) {
      const retry = LIVE_RETRY_MS + Math.floor(Math.random() * 2000);
      stream.end(encoder.encode(`retry: ${retry}\n: server stopping, reconnect\n\n`));
    }
    hub.close();
  });
  const unsubscribe = subscribeLive({ voted: service.notify, changed: service.changed });
  if (unsubscribe) onShutdown("live results updates", unsubscribe);
  return service;
}

/** A stream's first bytes: the reconnection delay, and the figures unless the client has them already. */
function opening(snapshot: Snapshot<Figures>, lastEventId: string | null) {
  return encoder.encode(`retry: ${LIVE_RETRY_MS}\n${lastEventId === snapshot.id ? "\n" : eventText(snapshot)}`);
}

const encoded = new WeakMap<Snapshot<Figures>, Uint8Array>();
/** One change, encoded once however many viewers get it. */
function eventBytes(snapshot: Snapshot<Figures>) {
  let bytes = encoded.get(snapshot);
  if (!bytes) encoded.set(snapshot, (bytes = encoder.encode(eventText(snapshot))));
  return bytes;
}
const eventText = (snapshot: Snapshot<Figures>) => `id: ${snapshot.id}\ndata: ${JSON.stringify(snapshot.data)}\n\n`;

type Refusal = "client_limit" | "server_limit" | "stopping";

function refuse(reason: Refusal): NextResponse {
  metrics().liveRefused.inc({ reason });
  // The caps are `streams.client` and `streams.server` of lib/limits/table.ts; stopping is no limit.
  const error =
    reason === "client_limit"
      ? limitRefusal("streams.client")
      : reason === "server_limit"
        ? limitRefusal("streams.server")
        : new ApiError("service_unavailable", "This server is restarting: try again in a moment", undefined, 5);
  const response = jsonError(error);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * Opens a live results stream of a published survey for `client` (its address; the per-client cap
 * counts its network, `clientKey`: the IPv4 address, the IPv6 /64, all of loopback as one); null for
 * an unknown or unpublished survey (the caller answers 404). A refusal (too many streams, or the server
 * is stopping) is a JSON answer with Retry-After. The stream ends when the client goes (`signal`),
 * when the survey stops being public, or when the server stops.
 */
export async function openLiveStream({
  surveyId,
  client: address,
  lastEventId,
  signal,
}: {
  surveyId: string;
  client: string;
  lastEventId: string | null;
  signal: AbortSignal;
}): Promise<NextResponse | null> {
  if (runtime().stopping) return refuse("stopping");
  const client = clientKey(address);
  const service = liveService();
  const { streams, perClient, hub } = service;
  if (streams.size >= limitMax("streams.server")) return refuse("server_limit");
  if ((perClient.get(client) ?? 0) >= limitMax("streams.client")) return refuse("client_limit");

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let leave = () => {};
  // The hub id of the figures this viewer has (or is about to be sent); only newer ones follow.
  let shownId: number | null = null;
  let early: Snapshot<Figures> | null = null;

  const stream: OpenStream = {
    client,
    send(bytes) {
      if (closed) return;
      try {
        controller.enqueue(bytes);
      } catch {
        return cleanUp();
      }
      if ((controller.desiredSize ?? 0) < -MAX_UNREAD) stream.end();
    },
    end(last) {
      if (closed) return;
      if (last) stream.send(last);
      try {
        controller.close();
      } catch {
        // already closed by the other side
      }
      cleanUp();
    },
  };
  function cleanUp() {
    if (closed) return;
    closed = true;
    leave();
    signal.removeEventListener("abort", onAbort);
    if (streams.delete(stream)) {
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
      metrics().liveViewers.set(streams.size);
    }
  }
  const onAbort = () => stream.end();

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: cleanUp,
  });
  // Counted from now, so that simultaneous requests cannot pass the caps together.
  streams.add(stream);
  perClient.set(client, (perClient.get(client) ?? 0) + 1);
  metrics().liveViewers.set(streams.size);
  signal.addEventListener("abort", onAbort);
  if (signal.aborted) stream.end();

  let joined: Awaited<ReturnType<typeof hub.join>>;
  try {
    joined = await hub.join(surveyId, (snapshot) => {
      if (!snapshot) return stream.end(GONE);
      if (shownId === null) {
        // A change that arrives before this stream has sent its first figures.
        early = snapshot;
        return;
      }
      if (Number(snapshot.id) <= shownId) return;
      shownId = Number(snapshot.id);
      stream.send(eventBytes(snapshot));
    });
  } catch (error) {
    cleanUp();
    throw error;
  }
  leave = joined.leave;
  if (!joined.snapshot) {
    cleanUp();
    return null;
  }
  if (closed) {
    // The client went (or the server began stopping) while the figures were read.
    leave();
  } else {
    const first: Snapshot<Figures> =
      early !== null && Number((early as Snapshot<Figures>).id) > Number(joined.snapshot.id) ? early : joined.snapshot;
    shownId = Number(first.id);
    stream.send(opening(first, lastEventId));
  }
  return new NextResponse(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: no proxy (nor this server's own compression) may buffer or rewrite it.
      "Cache-Control": "no-cache, no-transform",
      // nginx: pass each event on at once.
      "X-Accel-Buffering": "no",
    },
  });
}

/** Open streams and watched surveys of this server (tests, diagnostics). */
export function liveStats() {
  const seam = runtime().services as { live?: LiveService };
  return { streams: seam.live?.streams.size ?? 0, ...(seam.live?.hub.size() ?? { viewers: 0, surveys: 0 }) };
}
