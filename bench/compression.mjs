// Section 13 of `npm run bench` (bench/index.mjs): what compression costs the server and saves the
// visitor.
//   - Static files: a JavaScript chunk of the build (`/_next/static/**`) from the server, against a
//     bare Node http server (bench/lib/bare-server.mjs, a process of its own like the app's) sending
//     the same bytes: the same body as the server sent for each encoding, with only its type, encoding
//     and length. Paired rounds (the bare server, then the app, 3 s each, five times), the median of
//     the rounds' ratios; target 0.8 ×.
//   - Brotli on `/`: its bytes as sent with brotli, with gzip and without, once its version is
//     compressed (server/page-gzip.mjs makes the brotli copy of a page in the background).
import { againstBare, rawGet } from "./lib/against-bare.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Paired rounds per encoding: on a shared machine a round in three or so is disturbed; the median holds. */
const ROUNDS = 5;
const ENCODINGS = [
  ["br", "gzip, deflate, br, zstd"],
  ["gzip", "gzip, deflate"],
  ["identity", "identity"],
];

/**
 * Until the server answers the asset in `encoding` from its own copy (a whole body with its length and
 * ETag; the first ask of each encoding reads the copy into memory), 2 minutes at most.
 */
async function untilPrecompressed(url, encoding, accept) {
  for (let i = 0; i < 480; i++) {
    const r = await rawGet(url, { "accept-encoding": accept });
    if ((r.headers["content-encoding"] ?? "identity") === encoding && r.headers["content-length"] && r.headers.etag) return;
    await sleep(250);
  }
  throw new Error(`${url} is still compressed per request (${encoding})`);
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
  for (const [encoding, accept] of ENCODINGS) await untilPrecompressed(url, encoding, accept);
  for (const [encoding, accept] of ENCODINGS) {
    const r = await againstBare({ url, headers: { "accept-encoding": accept }, port, load, rounds: ROUNDS });
    row(
      "13 static files",
      `${asset.split("/").pop()} (${encoding}: ${r.sent.bytes} B ${r.sent.encoding}) vs a bare Node server sending the same bytes`,
      `${fmt(r.median, 2)} x (rounds ${r.ratios.map((x) => fmt(x, 2)).join(", ")}; app ${r.app.map((x) => fmt(x)).join("/")} req/s, bare ${r.bare.map((x) => fmt(x)).join("/")})${r.failed ? `, ${r.failed} failed` : ""}`,
      ">= 0.80 x",
      ok(r.median >= 0.8 && r.sent.encoding === encoding && !r.failed),
    );
  }

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
