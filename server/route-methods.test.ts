// The methods each /api route answers, as the production server reads them, and its 405 for any other
// (the whole server's answer is in tests/ops/single-server.ops.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { apiRouteFiles, ROOT } from "@/tests/route-files";
import { refuseMethod } from "./refusals.mjs";
import { allowedMethods, loadRouteMethods } from "./route-methods.mjs";

describe("the methods of each /api route", () => {
  it("are the route files' exports, as the API reference's tests read them, with HEAD (for GET) and OPTIONS", () => {
    const methods = loadRouteMethods(ROOT);
    const files = apiRouteFiles();
    expect(methods.size).toBe(files.length);
    for (const { file, methods: exported } of files) {
      const pattern = file.replace(/^app/, "").replace(/\/route\.ts$/, "");
      expect(methods.get(pattern), file).toEqual(allowedMethods(exported));
    }
    expect(methods.get("/api/upload")).toEqual(["POST", "OPTIONS"]);
    expect(methods.get("/api/vote/[id]")).toEqual(expect.arrayContaining(["GET", "HEAD", "PUT", "OPTIONS"]));
    expect(methods.get("/api/auth/[...nextauth]")).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
  });

  it("answers any other method 405 with the API's error body and Allow", async () => {
    const server = http.createServer((req, res) => refuseMethod(req, res, "req-0123456789", ["POST", "OPTIONS"]));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/upload`, { method: "DELETE" });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.json()).toEqual({ error: { code: "method_not_allowed", message: expect.any(String), requestId: "req-0123456789" } });
    } finally {
      server.close();
    }
  });
});
