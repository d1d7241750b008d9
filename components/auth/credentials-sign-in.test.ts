import { afterEach, describe, expect, it, vi } from "vitest";
import { retryAfterSeconds, signInWithPassword, signInWithTicket } from "./credentials-sign-in";

vi.mock("next-auth/react", () => ({ getCsrfToken: async () => "csrf-token" }));

describe("retryAfterSeconds", () => {
  const now = Date.parse("2027-01-21T10:00:00Z");

  it("reads delta-seconds, as the sign-in route sends them", () => {
    expect(retryAfterSeconds("5", now)).toBe(5);
    expect(retryAfterSeconds(" 42 ", now)).toBe(42);
  });

  it("reads an HTTP date as the seconds until then", () => {
    expect(retryAfterSeconds("Thu, 21 Jan 2027 10:00:30 GMT", now)).toBe(30);
  });

  it("waits a few seconds when the header is missing or unreadable, never less than one second nor more than five minutes", () => {
    expect(retryAfterSeconds(null, now)).toBe(5);
    expect(retryAfterSeconds("soon", now)).toBe(5);
    expect(retryAfterSeconds("0", now)).toBe(1);
    expect(retryAfterSeconds("Thu, 21 Jan 2027 09:00:00 GMT", now)).toBe(1);
    expect(retryAfterSeconds("86400", now)).toBe(300);
  });
});

describe("signInWithPassword and signInWithTicket", () => {
  const origin = "http://localhost:3000";
  /** Answers the sign-in request as Auth.js does with X-Auth-Return-Redirect: the page it would go to. */
  function answer(url: string, status = 200) {
    const sent: { url: string; body: URLSearchParams }[] = [];
    vi.stubGlobal("window", { location: { href: `${origin}/login?code=second_factor&ticket=secret-ticket&callbackUrl=%2Fdashboard`, origin } });
    vi.stubGlobal("fetch", async (input: string, init: RequestInit) => {
      sent.push({ url: input, body: init.body as URLSearchParams });
      return new Response(JSON.stringify({ url }), { status, headers: { "content-type": "application/json" } });
    });
    return sent;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("says when the account asks for its second factor, and sends only the fields given", async () => {
    const sent = answer(`${origin}/login?error=CredentialsSignin&code=second_factor`);
    expect(await signInWithPassword({ email: "a@example.test", password: "pw", code: undefined })).toEqual({ kind: "second-factor" });
    expect(sent[0].url).toBe("/api/auth/callback/credentials");
    expect([...sent[0].body.keys()]).toEqual(["email", "password", "csrfToken", "callbackUrl"]);
  });

  it("sends a Google sign-in's ticket to the second-factor provider, never in the callback address, and reads an expired ticket", async () => {
    const sent = answer(`${origin}/login?error=CredentialsSignin&code=ticket_expired`);
    expect(await signInWithTicket({ ticket: "secret-ticket", code: "123456" })).toEqual({ kind: "ticket-expired" });
    expect(sent[0].url).toBe("/api/auth/callback/second-factor");
    expect(sent[0].body.get("ticket")).toBe("secret-ticket");
    expect(sent[0].body.get("code")).toBe("123456");
    expect(sent[0].body.get("callbackUrl")).not.toContain("secret-ticket");
  });

  it("signs in when Auth.js goes on to the page, even from the second step's own address", async () => {
    // The page's address (less the ticket and the code) is where Auth.js says it would go.
    const sent = answer(`${origin}/login?callbackUrl=%2Fdashboard`);
    expect(await signInWithTicket({ ticket: "secret-ticket", code: "123456" })).toEqual({ kind: "signed-in" });
    expect(sent[0].body.get("callbackUrl")).toBe(`${origin}/login?callbackUrl=%2Fdashboard`);
    answer(`${origin}/dashboard`);
    expect(await signInWithPassword({ email: "a@example.test", password: "pw", passkey: "{}" })).toEqual({ kind: "signed-in" });
  });
});
