// The one seam between the production server (server/) and the app Next runs inside it, in the same
// process. Next bundles the app's modules apart from the server's (and may load one module in more
// than one bundle), so a module-level variable is not shared between them: this one process-wide
// object is, and nothing else crosses the seam.
//   server     set by server/index.mjs before Next starts: the app refuses to serve in production
//              without it (instrumentation.ts), so no guarantee of the server depends on how it started
//   stopping   set on SIGTERM/SIGINT: readiness answers 503 so the load balancer sends no more
//   stoppers   what must end the moment stopping begins, before the server waits for requests in
//              flight: answers that never finish by themselves (the live results' event streams)
//   closers    what the app opened and the server closes after the last request, last opened first
//              (the scheduled jobs, Redis, the database)
//   logged     request ids the route wrapper logged itself, so the server does not log them twice
//   cacheEvents  how many tag revalidations Next's cache has applied in this process, and how many of
//              them expired entries (one server without Redis: lib/cache/memory-cache-handler.mjs); the
//              server answers a page it kept only as Next would after them (server/page-gzip.mjs)
//   services   the process's one instance of each service both bundles use (the database, Redis, the
//              metrics registry, the live results, the jobs runner), each made by its own module on
//              first use; runtime.d.mts names every one
const KEY = Symbol.for("opinex.runtime");

/** @returns {import("./runtime.d.mts").Runtime} */
export function runtime() {
  return (globalThis[KEY] ??= { server: null, stopping: false, stoppers: new Map(), closers: new Map(), logged: new Set(), cacheEvents: { revalidations: 0, expirations: 0 }, services: {} });
}

/** Registers what a stopping server closes after its last request in flight. */
export function onShutdown(name, close) {
  runtime().closers.set(name, close);
}

/** Registers what a server ends as soon as it starts stopping (open event streams): it must not throw or wait. */
export function onStopping(name, stop) {
  runtime().stoppers.set(name, stop);
}
