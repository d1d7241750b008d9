// The V8 flags the server runs with, however it is started: `npm start` (package.json spells them
// out; node-flags.test.ts checks it does), `npm run demo` and the benchmarks (which import them).
//
// --max-semi-space-size=16: V8 sizes the young generation from the machine's memory, 64 MB per
// semi-space (128 MB in all) on a 24 GB machine, and a busy server fills it between collections. At
// 16 MB, V8's default before version 11, the server's peak resident memory on the demo data went
// from 770 to 564 MB for 2-4 % fewer cached pages per second (docs/performance.md).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];
