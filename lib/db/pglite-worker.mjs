// The embedded database in a thread of its own. PGlite runs PostgreSQL compiled to WebAssembly: every
// query is synchronous CPU work on whichever thread holds it. Held by the server's main thread, one
// sign-in storm's queries would stall every other request; here they stall only this thread. The app
// talks to it as to any PostgreSQL server, with the `pg` driver, over a Unix socket in a private
// folder (PostgreSQL's own socket naming, so `pg` finds it from `host` and `port`).
//
// workerData: { dataDir?: string, socketDir: string, port: number }
// Messages: posts { ready: true } once listening (or { error }); on "close" it stops listening,
// closes PGlite (a checkpoint) and posts { closed: true }.
// Run as a process (`node lib/db/pglite-worker.mjs <dataDir>`), it only creates a new database in
// dataDir and exits (1, with the reason on stderr, if it cannot): lib/db/client.ts does that before
// the first start on an empty folder, because PostgreSQL's initdb grows PGlite's WebAssembly memory
// to about 460 MB, which a process never gets back, and a process of its own returns it all on exit.
import path from "node:path";
import v8 from "node:v8";
import { isMainThread, parentPort, workerData } from "node:worker_threads";

const createOnly = isMainThread;
const { dataDir, socketDir, port } = createOnly ? { dataDir: process.argv[2], socketDir: "", port: 0 } : workerData;
const SHARED_BUFFERS = "16MB";

// PGlite's WebAssembly is compiled by V8's baseline compiler (Liftoff) only, never tiered up to its
// optimising one (TurboFan): one of PostgreSQL's functions (about 100 KB of WebAssembly) alone takes
// TurboFan 600 MB of working memory and seconds of CPU, which made the server's peak 800 MB (1.1 GB
// creating a new database) for a moment. Votes per second stay within a few percent (the compiling no
// longer competes with requests for the CPU; docs/performance.md). V8 reads these switches when it
// compiles a module, so they are set here, before PGlite starts, in every process that runs the
// embedded database (server, seed, migrations); they are V8's supported switches, not its "for
// testing" --liftoff-only, and apply to the whole process, which compiles no other WebAssembly.
v8.setFlagsFromString("--no-wasm-tier-up");
v8.setFlagsFromString("--no-wasm-dynamic-tiering");
// Imported only now: static imports would run first, and PGlite starts compiling when it is loaded.
const { PGlite } = await import("@electric-sql/pglite");
const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");

let db;
let server;
try {
  // Durability: PGlite commits with synchronous_commit=on, so a commit's WAL is written (a
  // synchronous write(2) into the file) before the query answers; fsync is off, so an acknowledged
  // write survives the process being killed, not the machine losing power.
  // Memory: PostgreSQL's buffer pool lives in the WebAssembly memory and is touched whole when the
  // database starts, so its size is resident from the first second. 16 MB instead of PostgreSQL's
  // 128 MB keeps the server's peak about 110 MB lower (32 MB: 90); pages beyond it are read again from
  // the data folder's files, which the operating system's page cache keeps (docs/performance.md).
  const options = { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`] };
  db = dataDir ? new PGlite(path.join(dataDir, "pgdata"), options) : new PGlite(options);
  await db.waitReady;
  if (createOnly) await db.close();
  else await serve();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (createOnly) {
    console.error(message);
    process.exitCode = 1;
  } else {
    parentPort?.postMessage({ error: message });
  }
}

async function serve() {
  // PGlite is a single session, so the app's pool holds exactly one connection and statements of two
  // requests never interleave inside it. The server still accepts a few: the pool replaces a
  // connection after a failed query (as with any PostgreSQL server), and the new one may arrive
  // before the old one's close has been handled.
  server = new PGLiteSocketServer({ db, path: path.join(socketDir, `.s.PGSQL.${port}`), maxConnections: 4 });
  await server.start();
  parentPort?.postMessage({ ready: true });
}

parentPort?.on("message", async (message) => {
  if (message !== "close") return;
  try {
    await server?.stop();
    await db?.close();
  } finally {
    parentPort?.postMessage({ closed: true });
    parentPort?.close();
  }
});
