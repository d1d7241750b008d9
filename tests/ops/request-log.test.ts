// The route wrapper's log line and request id (lib/api/handler.ts, lib/log.ts), on the test database.
import { afterEach, describe, expect, it, vi } from "vitest";
import { PUT } from "@/app/api/vote/[id]/route";
import { POST as updateRole } from "@/app/api/update_role/route";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";

function captureLog() {
  const lines: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }),
  );
  return { lines, parsed: () => lines.flatMap((l) => l.split("\n")).filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)), restore: () => spies.forEach((s) => s.mockRestore()) };
}

describe("request log", () => {
  afterEach(() => {
    delete process.env.LOG_LEVEL;
  });

  it("writes one JSON line for a refused request, with the id that the error body carries", async () => {
    const person = await createUser({ role: "user" });
    const log = captureLog();
    const res = await call(updateRole, { method: "POST", as: person, body: { id: person.id, role: "admin" }, headers: { "x-request-id": "req-12345678" } });
    log.restore();
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: "forbidden", requestId: "req-12345678" });
    expect(res.headers.get("x-request-id")).toBe("req-12345678");
    const lines = log.parsed();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", msg: "request failed", requestId: "req-12345678", method: "POST", path: "/api/test", status: 403, userId: person.id });
    expect(typeof lines[0].durationMs).toBe("number");
    expect(new Date(lines[0].time).getTime()).toBeGreaterThan(0);
    // Never the token, the body or cookies.
    expect(log.lines.join("")).not.toMatch(/Bearer|eyJ|"role":"admin"/);
  });

  it("makes up an id when none (or a malformed one) was given, and logs nothing for a success", async () => {
    const log = captureLog();
    const bad = await call(PUT, { method: "PUT", params: { id: "not-a-uuid" }, body: { vote: "yes" }, headers: { "x-request-id": "bad id with spaces" } });
    log.restore();
    expect(bad.status).toBe(401);
    expect(bad.json.error).toMatchObject({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(log.parsed()).toHaveLength(1);

    const { GET } = await import("@/app/api/me/route");
    const quiet = captureLog();
    expect((await call(GET)).status).toBe(200);
    quiet.restore();
    expect(quiet.parsed()).toHaveLength(0);
  });

  it("follows LOG_LEVEL", async () => {
    process.env.LOG_LEVEL = "error";
    const log = captureLog();
    const res = await call(PUT, { method: "PUT", params: { id: "not-a-uuid" }, body: { vote: "yes" } });
    log.restore();
    expect(res.status).toBe(401);
    expect(log.parsed()).toHaveLength(0);
  });
});
