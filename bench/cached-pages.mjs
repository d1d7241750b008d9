// Section 1 of `npm run bench` (bench/index.mjs): every public page from the cache, its requests per
// second, with and without gzip, against the limit (a bare Node server sending the same
// bytes, bench/lib/against-bare.mjs), in each language, and who answered them.
import { againstBare } from "./lib/against-bare.mjs";

/** Returns each page's idle requests per second, which section 2 compares against. */
export async function benchCachedPages({ base, pages, load, failed, peakRss, serverPid, metricsToken, barePort, row, fmt, ok, log }) {
  const idle = {};
  log("idle throughput...");
  for (const [name, url] of pages) {
    await fetch(url); // generated on the first request, then cached
    await load(url, { duration: 2 });
    const r = await load(url);
    // The server drops x-nextjs-cache from public answers; a page from Next's cache carries s-maxage.
    const cacheControl = (await fetch(url)).headers.get("cache-control") ?? "";
    const cache = /s-maxage/.test(cacheControl) ? "cached" : /no-store/.test(cacheControl) ? "per request" : "-";
    idle[name] = r.requests.average;
    row("1 cached pages", `${name} [${cache}]`, `${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms${failed(r) ? `, ${failed(r)} failed` : ""}`);
  }
  // Gzip is cached per page version: a query string that busts nothing (?r=<unique>) must be
  // served from the same compressed copy as the page itself, not compressed again per request.
  const gzip = { headers: { "accept-encoding": "gzip" } };
  const gzipped = await load(`${base}/`, gzip);
  const busted = await load(`${base}/?r=[<id>]`, { ...gzip, idReplacement: true });
  row("1 gzip", "/ with gzip", `${fmt(gzipped.requests.average)} req/s, p50 ${gzipped.latency.p50} ms${failed(gzipped) ? `, ${failed(gzipped)} failed` : ""}`);
  const bustRatio = busted.requests.average / gzipped.requests.average;
  row(
    "1 gzip",
    "/?r=<unique> with gzip",
    `${fmt(busted.requests.average)} req/s (${fmt(bustRatio, 2)} x /), p50 ${busted.latency.p50} ms${failed(busted) ? `, ${failed(busted)} failed` : ""}`,
    ">= 0.90 x /",
    ok(bustRatio >= 0.9),
  );
  row("1 gzip", "server peak memory after cache-busting", `${fmt(peakRss(serverPid))} MB`);

  // The limit: each cached page (gzip) against a bare Node server sending the bytes the app sent.
  log("cached pages against a bare server...");
  const gzipHeaders = { "accept-encoding": "gzip" };
  const LIMIT_PAGES = ["/", "/surveys", "/surveys?category=Health&sort=createdAt&page=2", "survey page", "/about (prerendered)"];
  const limit = {};
  for (const [name, url] of pages.filter(([n]) => LIMIT_PAGES.includes(n))) {
    const r = await againstBare({ url, headers: gzipHeaders, port: barePort, load, rounds: 3 });
    limit[name] = r.median;
    row(
      "1 vs bare server",
      `${name} (gzip, ${r.sent.bytes} B) vs a bare Node server sending the same bytes`,
      `${fmt(r.median, 2)} x (rounds ${r.ratios.map((x) => fmt(x, 2)).join(", ")}; app ${r.app.map((x) => fmt(x)).join("/")} req/s, bare ${r.bare.map((x) => fmt(x)).join("/")})${r.failed ? `, ${r.failed} failed` : ""}`,
      ">= 0.80 x",
      ok(r.median >= 0.8 && !r.failed),
    );
  }

  // Each language is a cached copy of its own (lib/i18n/routing.mjs): the Spanish and German pages,
  // measured alternately with the English page. A language whose words are longer sends more bytes,
  // and on this machine's loopback fewer requests per second go through for more bytes whatever sends
  // them (a bare server sending a 14 kB answer manages about half the rate of a 10 kB one): the
  // target is on the second row, each language's page against a bare server sending its own bytes,
  // beside the English page's; the first row, the rates themselves, is reported.
  for (const [name, url] of pages.filter(([n]) => ["/", "/surveys", "survey page"].includes(n))) {
    for (const locale of ["es", "de"]) {
      const path = new URL(url).pathname;
      const translated = `${base}/${locale}${path === "/" ? "" : path}`;
      await fetch(translated);
      const ratios = [];
      for (let round = 0; round < 3; round++) {
        const english = await load(url, { duration: 3, headers: gzipHeaders });
        const other = await load(translated, { duration: 3, headers: gzipHeaders });
        ratios.push(other.requests.average / english.requests.average);
      }
      const median = [...ratios].sort((x, y) => x - y)[1];
      row("1 languages", `${name} in ${locale} vs English (gzip)`, `${fmt(median, 2)} (rounds ${ratios.map((r) => fmt(r, 2)).join(", ")})`);
      const own = await againstBare({ url: translated, headers: gzipHeaders, port: barePort, load, rounds: 3 });
      const relative = own.median / limit[name];
      row(
        "1 languages",
        `${name} in ${locale} vs the bare server sending its bytes (gzip, ${own.sent.bytes} B), against English's ${fmt(limit[name], 2)} x`,
        `${fmt(relative, 2)} (${fmt(own.median, 2)} x the bare server; rounds ${own.ratios.map((x) => fmt(x, 2)).join(", ")})${own.failed ? `, ${own.failed} failed` : ""}`,
        ">= 0.90",
        ok(relative >= 0.9 && !own.failed),
      );
    }
  }
  // Who answered the cached pages: Next from its cache (hit, stale), Next rendering (miss), or the
  // server from a kept copy without Next (kept; the build-time pages such as /about too, their lifetime counted from the build).
  const exposition = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const verdicts = [...exposition.matchAll(/^opinex_page_cache_total\{result="(\w+)"\} (\d+)/gm)].map(([, result, n]) => `${result} ${fmt(Number(n))}`);
  row("1 cached pages", "answers by verdict", verdicts.join(", "));
  return idle;
}
