// Section 1 of `npm run bench` (bench/index.mjs): every public page from the cache, its requests per
// second beside /about, with and without gzip, and who answered them.

/** Returns each page's idle requests per second, which section 2 compares against. */
export async function benchCachedPages({ base, pages, load, failed, peakRss, serverPid, metricsToken, row, fmt, ok, log }) {
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

  const about = idle["/about (prerendered)"];
  for (const [name] of pages) {
    if (name.startsWith("/about") || name === "static asset") continue;
    const ratio = idle[name] / about;
    const targeted = ["/", "/surveys", "/surveys?category=Health&sort=createdAt&page=2", "survey page"].includes(name);
    row("1 ratio to /about", name, fmt(ratio, 2), targeted ? ">= 0.90" : "", targeted ? ok(ratio >= 0.9) : "");
  }
  // On a shared machine the load drifts between one page's run and the next: each targeted page is
  // also measured alternately with /about (3 rounds of 3 s each), and the median of the rounds' ratios
  // kept, with and without gzip.
  for (const [encoding, headers] of [["identity", {}], ["gzip", { "accept-encoding": "gzip" }]]) {
    for (const [name, url] of pages.filter(([n]) => ["/", "/surveys", "/surveys?category=Health&sort=createdAt&page=2", "survey page"].includes(n))) {
      const ratios = [];
      for (let round = 0; round < 3; round++) {
        const a = await load(`${base}/about`, { duration: 3, headers });
        const p = await load(url, { duration: 3, headers });
        ratios.push(p.requests.average / a.requests.average);
      }
      const median = [...ratios].sort((x, y) => x - y)[1];
      row("1 paired ratio to /about", `${name} (${encoding})`, `${fmt(median, 2)} (rounds ${ratios.map((r) => fmt(r, 2)).join(", ")})`, ">= 0.90", ok(median >= 0.9));
    }
  }
  // Each language is a cached copy of its own (lib/i18n/routing.mjs): the Spanish and German pages,
  // measured alternately with the English page, must be as fast.
  for (const [name, url] of pages.filter(([n]) => ["/", "/surveys", "survey page"].includes(n))) {
    for (const locale of ["es", "de"]) {
      const path = new URL(url).pathname;
      const translated = `${base}/${locale}${path === "/" ? "" : path}`;
      await fetch(translated);
      const ratios = [];
      for (let round = 0; round < 3; round++) {
        const english = await load(url, { duration: 3, headers: { "accept-encoding": "gzip" } });
        const other = await load(translated, { duration: 3, headers: { "accept-encoding": "gzip" } });
        ratios.push(other.requests.average / english.requests.average);
      }
      const median = [...ratios].sort((x, y) => x - y)[1];
      row("1 languages", `${name} in ${locale} vs English (gzip)`, `${fmt(median, 2)} (rounds ${ratios.map((r) => fmt(r, 2)).join(", ")})`, ">= 0.90", ok(median >= 0.9));
    }
  }
  // Who answered the cached pages: Next from its cache (hit, stale), Next rendering (miss), or the
  // server from a kept copy without Next (kept; /about and the other build-time pages never are).
  const exposition = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const verdicts = [...exposition.matchAll(/^opinex_page_cache_total\{result="(\w+)"\} (\d+)/gm)].map(([, result, n]) => `${result} ${fmt(Number(n))}`);
  row("1 cached pages", "answers by verdict", verdicts.join(", "));
  return idle;
}
