// npm run bench, section 3b: live results pushed to 1,000 Server-Sent Events viewers of one survey on
// one app server while 20 votes a second land. Measured: the delay from each vote's acceptance (its
// answer arriving) to each viewer receiving figures that include it, the server's database reads of
// the live figures per second (its opinex_live_results_reads_total counter), its resident memory,
// and a static asset's latency meanwhile against the same probe while idle. The viewers run in this
// process, on the same cores as the server: their own parsing is part of the delay.
import http from "node:http";
import fs from "node:fs";
import { apiToken } from "./lib/api-token.mjs";
import { kibToMB } from "./lib/units.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Resident memory of a process now (VmRSS), MB. */
function rss(pid) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? kibToMB(Number(line[1])) : NaN;
}

/** One viewer: the time each figures event arrived, with its total. */
export function openViewer(url) {
  return new Promise((resolve, reject) => {
    const seen = [];
    const req = http.get(url, { agent: false, headers: { accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`stream refused: ${res.statusCode}`));
      }
      let buffered = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        const at = performance.now();
        buffered += chunk;
        let end;
        while ((end = buffered.indexOf("\n\n")) >= 0) {
          const data = /^data: (.*)$/m.exec(buffered.slice(0, end));
          buffered = buffered.slice(end + 2);
          if (data) seen.push({ at, total: JSON.parse(data[1]).total });
        }
      });
      resolve({ seen, close: () => req.destroy() });
    });
    req.on("error", reject);
  });
}

/** Latency of one request after another for `ms` (a light probe, not a load): p50 and p99. */
async function probe(url, ms) {
  const times = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t);
    await sleep(20);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length };
}

async function liveReads(base, metricsToken) {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  return Number(/^opinex_live_results_reads_total (\d+)/m.exec(text)?.[1] ?? NaN);
}

export async function benchLive({ base, db, surveyId, asset, serverPid, authSecret, metricsToken, seconds, row, fmt, ok, log, viewers = 1000, votesPerSecond = 20 }) {
  const section = "3b live stream";
  const duration = Math.max(seconds, 10) * 1000;
  const { rows: voters } = await db.query(
    `INSERT INTO users (email, name, role) SELECT 'bench-live-' || g || '@bench.test', 'Live voter ' || g, 'user' FROM generate_series(1, $1) g RETURNING id`,
    [Math.ceil((votesPerSecond * duration) / 1000) + 50],
  );
  const tokens = voters.map((v) => apiToken(authSecret, v.id));

  log("static asset, idle...");
  const idle = await probe(asset, 5000);
  const rssIdle = rss(serverPid);

  log(`${viewers} live viewers...`);
  const url = `${base}/api/survey/${surveyId}/live`;
  const open = [];
  for (let i = 0; i < viewers; i += 100) {
    open.push(...(await Promise.all(Array.from({ length: Math.min(100, viewers - i) }, () => openViewer(url)))));
  }
  for (let i = 0; i < 200 && !open.every((v) => v.seen.length > 0); i++) await sleep(50);
  const rssOpen = rss(serverPid);

  log(`${votesPerSecond} votes/s for ${duration / 1000} s...`);
  const readsBefore = await liveReads(base, metricsToken);
  const readsFrom = performance.now();
  const votes = [];
  let refused = 0;
  let next = 0;
  const castOne = async () => {
    const token = tokens[next++];
    if (!token) return;
    const response = await fetch(`${base}/api/vote/${surveyId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ vote: next % 2 ? "yes" : "no" }),
    });
    const acceptedAt = performance.now();
    if (!response.ok) return void refused++;
    const { yesCount, noCount } = await response.json();
    votes.push({ acceptedAt, total: yesCount + noCount });
  };
  const stream = setInterval(() => void castOne().catch(() => refused++), 1000 / votesPerSecond);
  const during = await probe(asset, duration);
  clearInterval(stream);
  const rssDuring = rss(serverPid);
  // The last votes' figures reach the viewers.
  await sleep(2500);
  const readsPerSecond = ((await liveReads(base, metricsToken)) - readsBefore) / ((performance.now() - readsFrom) / 1000);
  for (const viewer of open) viewer.close();

  const delays = [];
  let missed = 0;
  for (const viewer of open) {
    for (const vote of votes) {
      const event = viewer.seen.find((e) => e.total >= vote.total);
      if (event) delays.push(Math.max(0, event.at - vote.acceptedAt));
      else missed++;
    }
  }
  delays.sort((a, b) => a - b);
  const p99 = percentile(delays, 99);
  row(
    section,
    `${viewers} SSE viewers, ${votesPerSecond} votes/s: vote accepted -> seen by each viewer`,
    `p50 ${fmt(percentile(delays, 50))} ms, p99 ${fmt(p99)} ms, max ${fmt(delays.at(-1))} ms (${delays.length} deliveries, ${missed} missed; ${votes.length} votes, ${refused} refused)`,
    "p99 <= 1000 ms, none missed",
    ok(p99 <= 1000 && missed === 0),
  );
  row(section, "database reads of the live figures", `${fmt(readsPerSecond, 2)}/s`, "about 1/s", ok(readsPerSecond <= 1.5));
  row(section, "server RSS: idle / 1,000 streams open / after the votes", `${fmt(rssIdle)} MB / ${fmt(rssOpen)} MB / ${fmt(rssDuring)} MB`);
  row(
    section,
    "static asset, one request after another: idle / meanwhile",
    `p50 ${fmt(idle.p50, 1)} -> ${fmt(during.p50, 1)} ms, p99 ${fmt(idle.p99, 1)} -> ${fmt(during.p99, 1)} ms (n=${idle.n} / ${during.n})`,
  );
}
