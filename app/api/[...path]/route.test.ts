import { describe, expect, it } from "vitest";
import { call } from "@/tests/http";
import { GET, POST } from "./route";

describe("unknown /api paths", () => {
  it("answer a JSON 404 in the contract's error shape", async () => {
    for (const handler of [GET, POST]) {
      const res = await call(handler, { path: "/api/no_such_call" });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: "not_found", message: "No such API call" } });
    }
  });
});
