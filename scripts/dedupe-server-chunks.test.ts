// The server chunks that are the same file under another name become one (scripts/dedupe-server-chunks.mjs),
// on a build folder made here: a copy loads the first one, so `require` gives both the same array of
// module factories; chunks that differ, small ones and a second run are left as they are.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dedupeServerChunks } from "./dedupe-server-chunks.mjs";

const chunk = (id: number) => `module.exports=[${id},e=>{"use strict";e.s(["value",0,${JSON.stringify("a shared module ".repeat(400))}])}];\n`;
const mapComment = (name: string) => `\n//# sourceMappingURL=${name}.map`;

let dir: string;
const chunks = () => path.join(dir, ".next/server/chunks");
const write = (name: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(chunks(), name)), { recursive: true });
  fs.writeFileSync(path.join(chunks(), name), text);
  fs.writeFileSync(path.join(chunks(), `${name}.map`), "{}");
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-chunks-"));
  write("a_1._.js", chunk(1) + mapComment("a_1._.js"));
  write("b_1._.js", chunk(1) + mapComment("b_1._.js"));
  write("ssr/c_1._.js", chunk(1) + mapComment("c_1._.js"));
  write("d_2._.js", chunk(2) + mapComment("d_2._.js"));
  write("tiny_a.js", "module.exports=[3,e=>{}];");
  write("tiny_b.js", "module.exports=[3,e=>{}];");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("deduplicating the server's chunks", () => {
  it("makes every copy of a chunk load the first one, so require gives one array", async () => {
    expect(await dedupeServerChunks(dir)).toMatchObject({ chunks: 6, duplicates: 2 });
    const require = createRequire(path.join(chunks(), "index.js"));
    const first = require("./a_1._.js");
    expect(require("./b_1._.js")).toBe(first);
    expect(require("./ssr/c_1._.js")).toBe(first);
    expect(first[0]).toBe(1);
    expect(fs.readFileSync(path.join(chunks(), "ssr/c_1._.js"), "utf8")).toContain('require("../a_1._.js")');
    // The copies' source maps go with their code; the first keeps its own.
    expect(fs.existsSync(path.join(chunks(), "b_1._.js.map"))).toBe(false);
    expect(fs.existsSync(path.join(chunks(), "a_1._.js.map"))).toBe(true);
  });

  it("leaves chunks that differ, and small ones, as they are; a second run changes nothing", async () => {
    expect(fs.readFileSync(path.join(chunks(), "d_2._.js"), "utf8")).toContain(chunk(2).trim());
    expect(fs.readFileSync(path.join(chunks(), "tiny_b.js"), "utf8")).toBe("module.exports=[3,e=>{}];");
    expect(await dedupeServerChunks(dir)).toMatchObject({ duplicates: 0 });
  });
});
