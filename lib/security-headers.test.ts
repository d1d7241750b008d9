import { describe, expect, it } from "vitest";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import config from "@/next.config";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.mjs";

const nextConfig = config(PHASE_PRODUCTION_SERVER);
/** A header rule's source as a regular expression, as Next matches it (for the few forms used here). */
const sourcePattern = (source: string) => new RegExp(`^${source.replace("/:id", "/[^/]+").replace(":path*", ".*").replace(":locale(en|es|de)", "(?:en|es|de)")}$`);
const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

describe("security headers", () => {
  it("lock down objects, base URIs and framing everywhere", () => {
    for (const stripe of [false, true]) {
      const csp = contentSecurityPolicy({ production: true, stripe });
      expect(directive(csp, "object-src")).toBe("object-src 'none'");
      expect(directive(csp, "base-uri")).toBe("base-uri 'none'");
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    }
  });

  it("allow Stripe only on the payment page", async () => {
    const plain = contentSecurityPolicy({ production: true, stripe: false });
    expect(plain).not.toContain("stripe.com");
    const payment = contentSecurityPolicy({ production: true, stripe: true });
    expect(directive(payment, "script-src")).toContain("https://js.stripe.com");
    expect(directive(payment, "connect-src")).toContain("https://api.stripe.com");
    expect(directive(payment, "frame-src")).toContain("https://js.stripe.com");
    const rules = await nextConfig.headers!();
    expect(rules.map((r) => r.source)).toEqual([
      "/((?!api/avatars/|embed/|c/embed/|(?:en|es|de)/c/embed/|(?:en|es|de)/embed/).*)",
      "/embed/:path*",
      "/:locale(en|es|de)/embed/:path*",
      "/:locale(en|es|de)/c/embed/:path*",
      "/api/avatars/:id",
      "/payment",
      "/:locale(en|es|de)/payment",
    ]);
    // The page under each language's segment, as the server hands it to Next (lib/i18n/routing.mjs).
    for (const path of ["/payment", "/en/payment", "/es/payment"]) {
      const last = rules.filter((r) => sourcePattern(r.source).test(path)).at(-1)!;
      expect(directive(last.headers.find((h) => h.key === "Content-Security-Policy")!.value, "script-src"), path).toContain("https://js.stripe.com");
    }
  });

  it("with a nonce, allow inline scripts only with it", () => {
    const csp = contentSecurityPolicy({ production: true, stripe: false, nonce: "abc123==" });
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-abc123=='");
    expect(directive(contentSecurityPolicy({ production: true, stripe: false }), "script-src")).toBe("script-src 'self' 'unsafe-inline'");
  });

  it("allow eval only outside production, and never HSTS here (the server adds it over HTTPS only)", () => {
    expect(contentSecurityPolicy({ production: true, stripe: false })).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy({ production: false, stripe: false })).toContain("'unsafe-eval'");
    const keys = (production: boolean) => securityHeaders({ production }).map((h) => h.key);
    expect(keys(true)).not.toContain("Strict-Transport-Security");
    expect(keys(false)).not.toContain("Strict-Transport-Security");
    expect(keys(false)).toEqual(expect.arrayContaining(["X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy"]));
  });

  it("leave the avatar route's own Content-Security-Policy alone", async () => {
    const rules = await nextConfig.headers!();
    const matching = (path: string) => rules.filter((r) => sourcePattern(r.source).test(path));
    const avatar = matching("/api/avatars/0b6f6a52-0000-4000-8000-000000000000").flatMap((r) => r.headers.map((h) => h.key));
    expect(avatar).not.toContain("Content-Security-Policy");
    expect(avatar).toContain("X-Content-Type-Options");
    const page = matching("/surveys").flatMap((r) => r.headers.map((h) => h.key));
    expect(page).toContain("Content-Security-Policy");
  });

  it("let other sites frame the embeds only: frame-ancestors * there, 'none' and X-Frame-Options DENY everywhere else", async () => {
    const rules = await nextConfig.headers!();
    const matching = (path: string) => rules.filter((r) => sourcePattern(r.source).test(path));
    const headersOf = (path: string) => Object.fromEntries(matching(path).flatMap((r) => r.headers.map((h) => [h.key, h.value])));
    // The public URL, and the internal route the server hands Next for it (lib/i18n/routing.mjs).
    for (const path of [
      "/embed/survey/0b6f6a52-0000-4000-8000-000000000000",
      "/en/c/embed/0b6f6a52-0000-4000-8000-000000000000/light",
      "/de/c/embed/0b6f6a52-0000-4000-8000-000000000000/dark",
      "/es/embed/survey/0b6f6a52-0000-4000-8000-000000000000",
    ]) {
      const embed = headersOf(path);
      expect(directive(embed["Content-Security-Policy"], "frame-ancestors"), path).toBe("frame-ancestors *");
      expect(embed["X-Frame-Options"], path).toBeUndefined();
    }
    for (const path of ["/", "/en/c/home/index", "/es/survey/details/0b6f6a52-0000-4000-8000-000000000000", "/de/dashboard", "/api/me"]) {
      const headers = headersOf(path);
      expect(directive(headers["Content-Security-Policy"], "frame-ancestors"), path).toBe("frame-ancestors 'none'");
      expect(headers["X-Frame-Options"], path).toBe("DENY");
    }
  });
});
