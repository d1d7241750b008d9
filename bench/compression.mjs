// Section 13 of `npm run bench` (bench/index.mjs): what compression costs the server and saves the
// visitor.
//   - Static files: a JavaScript chunk of the build (`/_next/static/**`) from the server, against a
//     bare Node http server (bench/lib/bare-server.mjs, a process of its own like the app's) sending
//     the same bytes: the same body as the server sent for each encoding, with only its type, encoding
//     and length. Paired rounds (the bare server, then the app, 3 s each, five times), the median of
//     the rounds' ratios; target 0.8 ×.
//   - Brotli on `/`: its bytes as sent with brotli, with gzip and without, once its version is
//     compressed (server/page-gzip.mjs makes the brotli copy of a page in the background).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { stop, waitFor } from "./lib/processes.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Paired rounds per encoding: on a shared machine a round in three or so is disturbed; the median holds. */
const ROUNDS = 5;
const ENCODINGS = [
  ["br", "gzip, deflate, br, zstd"],
  ["gzip", "gzip, deflate"],
  ["identity", "identity"],
];

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Until the server answers the asset from its own compressed copy (a whole body with its length), 2 minutes at most. */
async function untilPrecompressed(url) {
  for (let i = 0; i < 480; i++) {
    const r = await rawGet(url, { "accept-encoding": "br" });
    if (r.headers["content-encoding"] === "br" && r.headers["content-length"] && r.headers.etag) return;
    await sleep(250);
  }
  throw new Error(`${url} is still compressed per request`);
}

/** Until `/` is sent with brotli (its copy is made once the version is a moment old), 20 s at most. */
async function untilBrotli(url) {
  for (let i = 0; i < 80; i++) {
    const r = await rawGet(url, { "accept-encoding": "br, gzip" });
    if (r.headers["content-encoding"] === "br") return r;
    await sleep(250);
  }
  return null;
}

export async function benchCompression({ base, asset, load, port, row, fmt, ok, log }) {
  log("static files against a bare server...");
  const url = `${base}${asset}`;
  await untilPrecompressed(url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-bare-"));
  for (const [encoding, accept] of ENCODINGS) {
    const sent = await rawGet(url, { "accept-encoding": accept });
    const sentEncoding = sent.headers["content-encoding"] ?? "identity";
    const file = path.join(dir, `body.${encoding}`);
    fs.writeFileSync(file, sent.body);
    const bare = spawn(process.execPath, ["bench/lib/bare-server.mjs", String(port), file, String(sent.headers["content-type"]), sentEncoding], { stdio: "ignore" });
    try {
      const bareUrl = `http://localhost:${port}${asset}`;
      await waitFor(bareUrl);
      const headers = { "accept-encoding": accept };
      // Both warmed (the JIT) before the first round.
      await load(bareUrl, { duration: 2, headers });
      await load(url, { duration: 2, headers });
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const b = await load(bareUrl, { duration: 3, headers });
        const a = await load(url, { duration: 3, headers });
        rounds.push({ app: a.requests.average, bare: b.requests.average, failed: a.errors + a.timeouts + a.non2xx });
      }
      const ratios = rounds.map((r) => r.app / r.bare);
      const median = [...ratios].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)];
      const failed = rounds.reduce((n, r) => n + r.failed, 0);
      row(
        "13 static files",
        `${asset.split("/").pop()} (${encoding}: ${sent.body.length} B ${sentEncoding}) vs a bare Node server sending the same bytes`,
        `${fmt(median, 2)} x (rounds ${ratios.map((r) => fmt(r, 2)).join(", ")}; app ${rounds.map((r) => fmt(r.app)).join("/")} req/s, bare ${rounds.map((r) => fmt(r.bare)).join("/")})${failed ? `, ${failed} failed` : ""}`,
        ">= 0.80 x",
        ok(median >= 0.8 && sentEncoding === encoding && !failed),
      );
    } finally {
      await stop(bare);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });

  log("brotli on / ...");
  const identity = await rawGet(`${base}/`, { "accept-encoding": "identity" });
  const gzipped = await rawGet(`${base}/`, { "accept-encoding": "gzip" });
  const brotli = await untilBrotli(`${base}/`);
  if (!brotli) {
    row("13 brotli", "/ with brotli", "never sent with brotli", "sent, smaller than gzip", "MISSED");
    return;
  }
  const saved = gzipped.body.length - brotli.body.length;
  row(
    "13 brotli",
    "/: bytes sent with brotli, gzip, none",
    `${brotli.body.length} B br, ${gzipped.body.length} B gzip, ${identity.body.length} B identity: brotli saves ${saved} B (${fmt((100 * saved) / gzipped.body.length, 1)} %) over gzip`,
    "sent, smaller than gzip",
    ok(saved > 0 && brotli.headers.etag === gzipped.headers.etag),
  );
}
