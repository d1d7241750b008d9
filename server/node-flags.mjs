// The V8 flags the server runs with, however it is started: `npm start` (package.json spells them
// out; node-flags.test.ts checks it does), `npm run demo` and the benchmarks (which import them).
// Measured on the demo data (docs/performance.md#memory):
//
// --max-semi-space-size=4: V8 sizes the young generation from the machine's memory, 64 MB per
// semi-space (128 MB in all) on a 24 GB machine, and a busy server fills it between collections.
// 16 MB (V8's default before version 11): peak resident memory 770 -> 580 MB, 2-4 % fewer cached
// pages a second; 8 MB another 5-15 MB less; 4 MB another 10-20 MB less, for 1-3 % fewer API
// answers and a few percent fewer kept pages a second.
// --heap-growing-percent=25: after each full collection V8 lets the old generation grow up to four
// times what survived before collecting again; the server's live heap is about 90 MB, yet it reached
// 330 MB of mostly garbage under load. At twice what survived (100 %) the peak went 580 -> 445 MB for
// about 5 % fewer pages and votes a second; at 1.5 times (50 %) the main heap was 180 MB committed at
// the end of the demo data's phases (pages, votes, 1,000 live streams, an export), at 1.25 times (25 %)
// 131-144 MB, and the peak 465-484 -> 439-457 MB, with the cached pages (answered without Next,
// allocating little) unchanged.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=25"];
