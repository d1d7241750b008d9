import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { ROLES } from "@/models/enums";
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
    expect(await visit("/dashboard/account", cookie)).toBeNull();
    expect(await visit("/payment", cookie)).toBeNull();
  });

  it("lets each role into its own dashboard only, as the layouts do", async () => {
    for (const role of ROLES) {
      const cookie = await sessionCookieFor(await createUser({ role }));
      for (const section of ROLES) {
        expect([role, section, await visit(`/dashboard/${section}`, cookie)]).toEqual([role, section, role === section ? null : `http://localhost:3000/dashboard/${role}`]);
      }
    }
  });

  it("gives each page it lets through a policy with a fresh nonce and no 'unsafe-inline', for Next and the browser", async () => {
    const person = await createUser({ role: "user" });
    const cookie = await sessionCookieFor(person);
    const policies = [];
    for (const path of ["/dashboard/user/surveys", "/dashboard/user/surveys", "/payment"]) {
      const response = await proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers: { cookie } }));
      const policy = response.headers.get("content-security-policy")!;
      const script = policy.split("; ").find((d) => d.startsWith("script-src "))!;
      expect(script).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
      expect(script).not.toContain("'unsafe-inline'");
      // Next reads the nonce from the request's policy (x-middleware-override-headers carry it on).
      expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
      policies.push(policy);
    }
    expect(new Set(policies).size).toBe(3);
    expect(policies[2]).toContain("https://js.stripe.com");
    expect(policies[0]).not.toContain("stripe");
  });

  it("lets everyone open the sign-in forms and the mailed links' pages, with a nonce policy", async () => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password", "/verify-email", "/confirm-email", "/unsubscribe"]) {
      const response = await proxy(new NextRequest(new URL(path, "http://localhost:3000")));
      expect(response.headers.get("location")).toBeNull();
      const policy = response.headers.get("content-security-policy")!;
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(policy).not.toContain("'unsafe-inline'; style-src");
    }
  });

  it("keeps the page's language in its redirects and guards the page under its language's segment", async () => {
    expect(await visit("/es/dashboard/user/surveys")).toBe("http://localhost:3000/es/login?callbackUrl=%2Fes%2Fdashboard%2Fuser%2Fsurveys");
    expect(await visit("/en/payment")).toBe("http://localhost:3000/login?callbackUrl=%2Fpayment");
    const cookie = await sessionCookieFor(await createUser({ role: "user" }));
    expect(await visit("/de/dashboard/admin/users", cookie)).toBe("http://localhost:3000/de/dashboard/user");
    expect(await visit("/es/dashboard/user/surveys", cookie)).toBeNull();
  });

  it("guards only the paths it must (a catch-all matcher costs throughput), every page rendered per request among them", () => {
    // The pages rendered per request are the dashboards, the payment page and every page of app/(auth)
    // (the sign-in forms and the pages of mailed links): each needs its nonce.
    const authPages = fs
      .readdirSync(path.join(import.meta.dirname, "app/[locale]/(auth)"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(entry.parentPath, entry.name, "page.tsx")))
      .map((entry) => `/${entry.name}`);
    expect(authPages).toContain("/signup");
    // Each with and without the language's segment the production server adds (lib/i18n/routing.mjs).
    const unprefixed = ["/dashboard", "/dashboard/:path*", "/payment", ...authPages];
    expect([...config.matcher].sort()).toEqual([...unprefixed, ...unprefixed.map((p) => `/:locale(en|es|de)${p}`)].sort());
  });
});
