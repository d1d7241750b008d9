// The build's static files answered by the server from memory, compressed once (server/static-files.mjs),
// on a build folder made here: what each encoding sends, the headers Next would send, 304 and HEAD,
// what is left to Next, the compressed copies kept between starts, and each copy read when first asked for.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticFiles } from "./static-files.mjs";

const script = `(self.chunks = self.chunks || []).push(${JSON.stringify("a chunk of the build ".repeat(400))});`;
const styles = `.a { color: red; }\n`.repeat(300);
const tiny = "x";
const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const SECURITY = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
];

let dir: string;
let server: http.Server;
let statics: ReturnType<typeof createStaticFiles>;
/** Requests the stand-in for Next got (everything the static files did not answer). */
const toNext: string[] = [];

function makeBuild() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-static-"));
  const write = (file: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), data);
  };
  write(".next/static/chunks/app.js", script);
  write(".next/static/chunks/site.css", styles);
  write(".next/static/chunks/tiny.js", tiny);
  write(".next/static/media/icon.png", image);
  write(".next/static/media/notes.unknown", "a file of a kind this server does not type");
  // As the build writes next.config.ts's headers(): the later rule replaces what an earlier one set.
  write(
    ".next/routes-manifest.json",
    JSON.stringify({
      headers: [
        { source: "/:path*", regex: "^(?:/(.*))?$", headers: [...SECURITY, { key: "X-Frame-Options", value: "SAMEORIGIN" }] },
        { source: "/_next/static/media/:path*", regex: "^/_next/static/media(?:/(.*))?$", headers: [{ key: "X-Frame-Options", value: "DENY" }] },
        { source: "/api/:path*", regex: "^/api(?:/(.*))?$", headers: [{ key: "X-Api", value: "1" }] },
      ],
    }),
  );
  return root;
}

/** A request as the server hands it to `lookup`. */
const ask = (url: string, headers: Record<string, string> = {}) => ({ method: "GET", url, headers }) as unknown as http.IncomingMessage;

/** Asks until the copy is in memory (the first ask starts reading it). */
async function inMemory(files: ReturnType<typeof createStaticFiles>, url: string, headers: Record<string, string> = {}) {
  for (let tries = 0; tries < 200 && !files.lookup(ask(url, headers)); tries++) await new Promise((r) => setTimeout(r, 10));
  return files.lookup(ask(url, headers));
}

beforeAll(async () => {
  dir = makeBuild();
  statics = createStaticFiles({ dir, quality: 5 });
  await statics.ready;
  for (const encoding of ["br", "gzip", "identity"]) {
    for (const file of ["app.js", "site.css", "tiny.js"]) await inMemory(statics, `/_next/static/chunks/${file}`, { "accept-encoding": encoding });
  }
  server = http.createServer((req, res) => {
    if (statics.serve(req, res)) return;
    toNext.push(`${req.method} ${req.url}`);
    res.writeHead(404).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw request (fetch would decode the body and hide Content-Encoding). */
function get(urlPath: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      // The path as given (a URL would resolve `..` before sending it).
      .request({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, path: urlPath, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("the build's static files", () => {
  it("sends brotli to a client that takes it, else gzip, else the file, each with its length and the same ETag", async () => {
    const br = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect([br.status, br.headers["content-encoding"]]).toEqual([200, "br"]);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);

    const gzip = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(gzip.body.length);

    const plain = await get("/_next/static/chunks/app.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect((await get("/_next/static/chunks/app.js")).body.toString()).toBe(script);

    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
    expect(br.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(toNext).toEqual([]);
  });

  it("sends what Next would: the configured headers of its path, its type, Last-Modified, the immutable Cache-Control, Vary", async () => {
    const css = await get("/_next/static/chunks/site.css?v=1", { "accept-encoding": "gzip" });
    expect(css.headers).toMatchObject({
      "content-type": "text/css; charset=UTF-8",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      vary: "Accept-Encoding",
    });
    expect(css.headers["x-api"]).toBeUndefined();
    expect(new Date(css.headers["last-modified"]!).getTime()).toBe(Math.floor(fs.statSync(path.join(dir, ".next/static/chunks/site.css")).mtimeMs / 1000) * 1000);
    const png = await get("/_next/static/media/icon.png", { "accept-encoding": "br, gzip" });
    // An image is sent as it is, and a later rule's header replaces the earlier one's.
    expect(png.headers).toMatchObject({ "content-type": "image/png", "x-frame-options": "DENY" });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.equals(image)).toBe(true);
    // A file no compression makes smaller goes as it is, to a brotli client too.
    const small = await get("/_next/static/chunks/tiny.js", { "accept-encoding": "br, gzip" });
    expect([small.headers["content-encoding"], small.body.toString()]).toEqual([undefined, tiny]);
  });

  it("answers 304 to a client that has the file, and HEAD without a body", async () => {
    const first = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" });
    for (const tag of [first.headers.etag!, `"other", ${first.headers.etag}`]) {
      const again = await get("/_next/static/chunks/app.js", { "accept-encoding": "br", "if-none-match": tag });
      expect(again.status, tag).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers["content-encoding"]).toBeUndefined();
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    expect((await get("/_next/static/chunks/app.js", { "if-none-match": 'W/"stale"' })).status).toBe(200);
    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "HEAD");
    expect([head.status, head.body.length, head.headers["content-length"]]).toEqual([200, 0, first.headers["content-length"]]);
  });

  it("leaves to Next what it does not hold: other paths and methods, unknown files and types, ranges, no acceptable encoding", async () => {
    toNext.length = 0;
    const asks: [string, Record<string, string>, string][] = [
      ["/_next/static/chunks/missing.js", {}, "GET"],
      ["/_next/static/media/notes.unknown", {}, "GET"],
      ["/_next/static/chunks/../chunks/app.js", {}, "GET"],
      ["/_next/static/chunks/app.js", {}, "POST"],
      ["/_next/static/chunks/app.js", { range: "bytes=0-10" }, "GET"],
      ["/_next/static/chunks/app.js", { "accept-encoding": "identity;q=0, *;q=0" }, "GET"],
      ["/other/chunks/app.js", {}, "GET"],
    ];
    for (const [urlPath, headers, method] of asks) {
      const answer = await get(urlPath, headers, method);
      expect(answer.body.toString().slice(0, 20), `${method} ${urlPath} ${JSON.stringify(headers)}`).toBe("next");
    }
    expect(toNext).toHaveLength(asks.length);
  });

  it("keeps the compressed copies between starts, named by the file's hash, and drops those of files gone", async () => {
    const cacheDir = path.join(dir, ".next/cache/precompressed");
    const names = fs.readdirSync(cacheDir);
    // app.js, site.css and tiny.js are compressible: brotli and gzip of each.
    expect(names.filter((n) => n.endsWith(".br"))).toHaveLength(3);
    fs.writeFileSync(path.join(cacheDir, "gone.br"), "a copy of a file of an older build");
    const again = createStaticFiles({ dir, quality: 5 });
    expect(await again.ready).toMatchObject({ fromCache: 3, compressed: 0, files: 4 });
    expect(fs.readdirSync(cacheDir).sort()).toEqual(names.sort());
    expect(await inMemory(again, "/_next/static/chunks/app.js", { "accept-encoding": "br" })).not.toBeNull();
  });

  it("reads each copy when it is first asked for: that request goes to Next, the next ones get the copy", async () => {
    const again = createStaticFiles({ dir, quality: 5 });
    await again.ready;
    const br = { "accept-encoding": "br" };
    expect(again.lookup(ask("/_next/static/chunks/app.js", br))).toBeNull();
    const found = await inMemory(again, "/_next/static/chunks/app.js", br);
    expect(zlib.brotliDecompressSync(found!.copy.bytes!).toString()).toBe(script);
    // The other encodings of the same file were not read.
    expect(again.lookup(ask("/_next/static/chunks/app.js", { "accept-encoding": "gzip" }))).toBeNull();
    // A file with no compressed copy (an image) is in memory from the start.
    expect(again.lookup(ask("/_next/static/media/icon.png", br))?.copy.bytes).toEqual(image);
  });

  it("keeps the copies in memory from the start when there is no folder for them", async () => {
    const held = createStaticFiles({ dir, quality: 5, cacheDir: null });
    await held.ready;
    expect(held.lookup(ask("/_next/static/chunks/app.js", { "accept-encoding": "gzip" }))).not.toBeNull();
  });

  it("keeps files in memory up to its limit; the others go to Next", async () => {
    const limited = createStaticFiles({ dir, quality: 5, cacheDir: null, maxBytes: 1000 });
    const load = await limited.ready;
    expect(load.skipped).toBeGreaterThan(0);
    expect(limited.stats().bytes).toBeLessThanOrEqual(1000);
    expect(limited.lookup(ask("/_next/static/chunks/app.js"))).toBeNull();
    expect(limited.lookup(ask("/_next/static/chunks/tiny.js"))).not.toBeNull();
  });
});
