import autocannon from "autocannon";
const base = process.argv[2];
const paths = process.argv.slice(3);
const load = (url, headers = {}) => new Promise((res, rej) => autocannon({ url, connections: 50, duration: 3, headers }, (e, r) => (e ? rej(e) : res(r))));
for (const p of paths) { await fetch(base + p); await fetch(base + p); }
await load(base + "/about"); 
for (const enc of [{}, { "accept-encoding": "gzip" }]) for (const p of paths) {
  const rs = [];
  for (let i = 0; i < 3; i++) { const a = await load(base + "/about", enc); const b = await load(base + p, enc); rs.push([b.requests.average / a.requests.average, a.requests.average, b.requests.average]); }
  console.log(p, enc["accept-encoding"] ?? "identity", rs.map(([r, a, b]) => `${r.toFixed(2)} (${Math.round(a)}/${Math.round(b)})`).join("  "));
}
