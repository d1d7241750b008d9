import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { createUser } from "@/tests/factories";
import { sessionCookieFor } from "@/tests/session-cookie";
import { config, proxy } from "./proxy";

async function visit(path: string, cookie?: string, extra: Record<string, string> = {}) {
  const headers = new Headers(extra);
  if (cookie) headers.set("cookie", cookie);
  const response = await proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));
  return response.headers.get("location");
}

describe("proxy", () => {
  it("sends signed-out visitors of dashboards and the payment page to login, remembering where they were going", async () => {
    expect(await visit("/dashboard/user/surveys")).toBe("http://localhost:3000/login?callbackUrl=%2Fdashboard%2Fuser%2Fsurveys");
    expect(await visit("/payment")).toBe("http://localhost:3000/login?callbackUrl=%2Fpayment");
    expect(await visit("/dashboard/admin", "authjs.session-token=forged")).toMatch(/\/login\?callbackUrl=%2Fdashboard%2Fadmin$/);
    expect(await visit("/dashboard/admin", undefined, { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" })).toMatch(/\/login/);
  });

  it("sends people of another role to their own dashboard, and lets them into theirs", async () => {
    const person = await createUser({ role: "user" });
    const cookie = await sessionCookieFor(person);
    expect(await visit("/dashboard/admin/users", cookie)).toBe("http://localhost:3000/dashboard/user");
    expect(await visit("/dashboard/pro_user/comments", cookie)).toBe("http://localhost:3000/dashboard/user");
    expect(await visit("/dashboard", cookie)).toBe("http://localhost:3000/dashboard/user");
    expect(await visit("/dashboard/user/surveys", cookie)).toBeNull();
    expect(await visit("/payment", cookie)).toBeNull();
  });

  it("guards only the paths it must (a catch-all matcher costs throughput)", () => {
    expect(config.matcher).toEqual(["/dashboard", "/dashboard/:path*", "/payment"]);
  });
});
