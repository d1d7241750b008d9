// A callbackUrl with %0A cannot write a line of the caller's choosing, and a bad
// callbackUrl (an expected refusal) is not logged as an error with a stack trace.
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/auth/[...nextauth]/route";
import { formatLogLine } from "@/lib/log";

function capture() {
  const chunks: string[] = [];
  const write = (chunk: string | Uint8Array) => (chunks.push(String(chunk)), true);
  const print = (...args: unknown[]) => void chunks.push(`${args.map(String).join(" ")}\n`);
  const spies: { mockRestore: () => void }[] = [
    vi.spyOn(process.stdout, "write").mockImplementation(write),
    vi.spyOn(process.stderr, "write").mockImplementation(write),
    vi.spyOn(console, "error").mockImplementation(print),
    vi.spyOn(console, "warn").mockImplementation(print),
    vi.spyOn(console, "log").mockImplementation(print),
  ];
  return { text: () => chunks.join(""), restore: () => spies.forEach((s) => s.mockRestore()) };
}

const FORGED = '\n{"time":"2026-01-01T00:00:00.000Z","level":"error","msg":"admin password reset","user":"admin@demo.test"}\n';

describe("log lines cannot be forged", () => {
  afterEach(() => {
    delete process.env.LOG_LEVEL;
  });

  for (const where of ["query", "cookie"] as const) {
    it(`a callbackUrl (${where}) with a line break and a fake JSON line is neither a line of its own nor an error`, async () => {
      process.env.LOG_LEVEL = "debug";
      const log = capture();
      const url = where === "query" ? `http://localhost:3000/api/auth/signin?callbackUrl=${encodeURIComponent(FORGED)}` : "http://localhost:3000/api/auth/signin";
      const headers = where === "cookie" ? { cookie: `authjs.callback-url=${encodeURIComponent(FORGED)}` } : undefined;
      const response = await GET(new NextRequest(url, { headers }));
      log.restore();
      expect(response.status).toBeLessThan(500);
      const lines = log.text().split("\n").filter((l) => l.trim() !== "");
      // Every line is one JSON object of ours; none is the forged one; no stack, nothing at error level.
      for (const line of lines) {
        const parsed = JSON.parse(line) as { level: string; msg: string };
        expect(parsed.msg).not.toBe("admin password reset");
        expect(parsed.level).not.toBe("error");
      }
      expect(log.text()).not.toMatch(/\n\s+at /);
      expect(lines.some((l) => l.includes('"type":"InvalidCallbackUrl"'))).toBe(true);
    }, 180_000); // the first call loads Auth.js: slow on a loaded machine
  }

  it("escapes controls, C1, line separators and bidi overrides in every field", () => {
    const line = formatLogLine("warn", "request failed", { path: "/a\nb\r\u001b[2J\u009b31m\u2028\u202etxt.exe" });
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
    expect(JSON.parse(line).path).toBe("/a\nb\r\u001b[2J\u009b31m\u2028\u202etxt.exe");
  });
});
