// What a process's resident memory is made of, from /proc/<pid>/smaps, MB: WebAssembly memory (an
// anonymous read-write mapping followed at once by the gigabytes V8 reserves behind it as guard
// pages), other anonymous memory (V8's heaps of every thread, malloc's arenas, stacks) and files
// mapped in (the node binary, native addons, their data). MB of 10^6 bytes (./units.mjs).
import fs from "node:fs";
import { kibToMB } from "./units.mjs";

const GUARD_MIN = 2 ** 30;

/** @param {number} pid @returns {{ wasm: number, anonymous: number, files: number } | null} */
export function residentByKind(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return null;
  }
  const mappings = [];
  let current = null;
  for (const line of text.split("\n")) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], path: head[4], rss: 0 };
      mappings.push(current);
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss && current) current.rss = kibToMB(Number(rss[1]));
  }
  const totals = { wasm: 0, anonymous: 0, files: 0 };
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const guarded = !m.path && m.perms.startsWith("rw") && next && !next.path && next.perms.startsWith("---") && next.start === m.end && Number(next.end - next.start) >= GUARD_MIN;
    if (guarded) totals.wasm += m.rss;
    else if (m.path.startsWith("/")) totals.files += m.rss;
    else totals.anonymous += m.rss;
  });
  return totals;
}
