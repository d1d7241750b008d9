import { describe, expect, it } from "vitest";
import { formatLogLine } from "./logger.mjs";

describe("the logger", () => {
  it("writes one JSON line with the level label, an ISO time and the fields, and no pid or hostname", () => {
    const line = formatLogLine("warn", "request failed", { requestId: "r-1", status: 404 });
    const parsed = JSON.parse(line);
    expect(parsed).toMatchObject({ level: "warn", msg: "request failed", requestId: "r-1", status: 404 });
    expect(new Date(parsed.time).toISOString()).toBe(parsed.time);
    expect(parsed).not.toHaveProperty("pid");
    expect(parsed).not.toHaveProperty("hostname");
  });

  it("redacts secrets that slip in under their usual names, at the top level and one level down", () => {
    const line = formatLogLine("error", "oops", {
      password: "hunter2-password",
      token: "tok-123456",
      request: { authorization: "Bearer abc.def.ghi", cookie: "authjs.session-token=xyz" },
      headers: { cookie: "a=b" },
    });
    for (const secret of ["hunter2", "tok-123456", "abc.def.ghi", "session-token=xyz", "a=b"]) expect(line).not.toContain(secret);
    expect(JSON.parse(line).password).toBe("[redacted]");
  });

  it("escapes DEL, C1 controls, line separators and bidirectional overrides so no field can fake a line", () => {
    const line = formatLogLine("info", "x", { path: "/a\u2028{\"level\":\"error\"}\u202e\u009b\u007f" });
    expect(line).not.toMatch(/[\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
    expect(line.split("\n")).toHaveLength(1);
    expect(JSON.parse(line).path).toBe("/a\u2028{\"level\":\"error\"}\u202e\u009b\u007f");
  });
});
