import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";

describe("the server's Node flags", () => {
  it("are the ones `npm start` runs the server with", () => {
    const start: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start;
    expect(start).toBe(`exec node ${SERVER_NODE_FLAGS.join(" ")} server/index.mjs`);
  });
});
