// First-load JavaScript of a page as a browser without the page cached downloads it, gzip: every
// <script src> of the HTML except noModule polyfills, plus the inline scripts (the RSC payload).
import { gzipSync } from "node:zlib";

export async function firstLoadJs(base, path) {
  const html = await (await fetch(base + path)).text();
  let external = 0;
  let inline = 0;
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
      inline += gzipSync(Buffer.from(body), { level: 9 }).length;
    }
  }
  return { total: external + inline, external, inline, files };
}
