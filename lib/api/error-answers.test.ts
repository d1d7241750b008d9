// The error answers every route shares: a 401 says how to authenticate (RFC 9110 §11.6.1), a
// refusal with a wait says how long (Retry-After), and the body is the documented shape.
import { describe, expect, it, vi } from "vitest";
import { GET as me } from "@/app/api/me/export/route";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { errorBodySchema } from "@/lib/api/contract";
import { call } from "@/tests/http";
import { ApiError, WWW_AUTHENTICATE } from "./errors";
import { jsonError } from "./handler";

vi.hoisted(() => {
  // Read once by getEnv().
  process.env.METRICS_TOKEN = "metrics-token-for-the-error-answers-test";
});

describe("error answers", () => {
  it("every 401 carries WWW-Authenticate, whichever route answers it", async () => {
    for (const [handler, options] of [
      [me, {}],
      [me, { token: "not-a-token" }],
      [metricsRoute, { headers: { authorization: "Bearer wrong" } }],
    ] as const) {
      const res = await call(handler, options);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe(WWW_AUTHENTICATE);
      expect(errorBodySchema(["unauthorized"]).strict().safeParse(res.json).success).toBe(true);
    }
    expect(WWW_AUTHENTICATE).toBe('Bearer realm="OPINEX"');
  });

  it("sends Retry-After when the error says how long to wait, and no challenge on other statuses", () => {
    const busy = jsonError(new ApiError("service_unavailable", "Busy", undefined, 5), "req-12345678");
    expect(busy.headers.get("retry-after")).toBe("5");
    expect(busy.headers.get("www-authenticate")).toBeNull();
    expect(jsonError(new ApiError("forbidden", "No")).headers.get("retry-after")).toBeNull();
  });
});
