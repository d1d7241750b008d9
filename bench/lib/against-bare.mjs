// The limit a server's answer is measured against: a bare Node http server (./bare-server.mjs, a
// process of its own like the app's) sending the same bytes the app sent for the same request, with
// only their type, encoding and length. Paired rounds (the bare server, then the app), the median of
// the rounds' ratios: on a shared machine a round in three or so is disturbed, the median holds.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { stop, waitFor } from "./processes.mjs";

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

/**
 * `url` from the app against the bare server on `port` sending what the app sent it (with `headers`):
 * `{ median, ratios, app, bare, failed, sent }`, `app` and `bare` each round's requests per second.
 */
export async function againstBare({ url, headers = {}, port, load, rounds = 5, seconds = 3 }) {
  const sent = await rawGet(url, headers);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-bare-"));
  const file = path.join(dir, "body");
  fs.writeFileSync(file, sent.body);
  const encoding = sent.headers["content-encoding"] ?? "identity";
  const bare = spawn(process.execPath, ["bench/lib/bare-server.mjs", String(port), file, String(sent.headers["content-type"]), encoding], { stdio: "ignore" });
  try {
    const bareUrl = `http://localhost:${port}${new URL(url).pathname}`;
    await waitFor(bareUrl);
    // Both warmed (the JIT) before the first round.
    await load(bareUrl, { duration: 2, headers });
    await load(url, { duration: 2, headers });
    const app = [];
    const bareRates = [];
    let failed = 0;
    for (let round = 0; round < rounds; round++) {
      const b = await load(bareUrl, { duration: seconds, headers });
      const a = await load(url, { duration: seconds, headers });
      bareRates.push(b.requests.average);
      app.push(a.requests.average);
      failed += a.errors + a.timeouts + a.non2xx;
    }
    const ratios = app.map((rate, i) => rate / bareRates[i]);
    const median = [...ratios].sort((x, y) => x - y)[Math.floor(rounds / 2)];
    return { median, ratios, app, bare: bareRates, failed, sent: { bytes: sent.body.length, encoding } };
  } finally {
    await stop(bare);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
