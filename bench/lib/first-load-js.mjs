// First-load JavaScript of a page as a browser without the page cached downloads it, gzip: every
// <script src> of the HTML except noModule polyfills, each its own file, plus the inline scripts (the
// RSC payload), which travel inside the page's one compressed document: gzipped together, as one. Each
// gzipped apart would count a page by how its first render happened to stream: the same page rendered
// by a server still loading its modules comes in four scripts, 1.7 kB more than in one.
import { gzipSync } from "node:zlib";

export async function firstLoadJs(base, path) {
  const html = await (await fetch(base + path)).text();
  let external = 0;
  const inlineBodies = [];
  const files = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs, body] = match;
    if (/\bnomodule\b/i.test(attrs) || /type="application\/ld\+json"/.test(attrs)) continue;
    const src = attrs.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) {
      const bytes = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      const size = gzipSync(bytes, { level: 9 }).length;
      files.push({ src, size });
      external += size;
    } else if (body.trim()) {
      inlineBodies.push(body);
    }
  }
  const inline = inlineBodies.length ? gzipSync(Buffer.from(inlineBodies.join("")), { level: 9 }).length : 0;
  return { total: external + inline, external, inline, files };
}
