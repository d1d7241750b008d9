// POST /api/passkeys/sign-in-options: the options of a sign-in with a passkey, for anyone, limited per client.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { webauthnChallenges } from "@/models";
import { call } from "@/tests/http";
import { POST as signInOptionsRoute } from "./route";

let nextAddress = 1;
const freshAddress = () => `10.78.0.${nextAddress++}`;

async function signInOptions(address: string) {
  const res = await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": address } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return res.json as unknown as { challenge: string; rpId: string; allowCredentials?: unknown[] };
}

describe("POST /api/passkeys/sign-in-options", () => {
  it("answers a discoverable request for this site, with a fresh single-use challenge each time", async () => {
    const address = freshAddress();
    const first = await signInOptions(address);
    const second = await signInOptions(address);
    expect(first).toMatchObject({ rpId: "localhost", userVerification: "preferred", timeout: 300_000 });
    expect(first.allowCredentials ?? []).toEqual([]);
    expect(first.challenge).not.toBe(second.challenge);
    const rows = await (await getDb()).select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, first.challenge));
    expect(rows).toMatchObject([{ purpose: "sign_in", userId: null }]);
  });

  it("is limited per client: 60 a minute, then 429 with Retry-After", async () => {
    const address = freshAddress();
    for (let i = 0; i < 60; i++) expect((await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": address } })).status).toBe(200);
    const refused = await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": address } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    // Another network is not held back.
    expect((await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": freshAddress() } })).status).toBe(200);
  });

  it("refuses a body it does not read, and a cross-site request", async () => {
    expect((await call(signInOptionsRoute, { method: "POST", body: { email: "someone@example.test" } })).status).toBe(400);
    expect((await call(signInOptionsRoute, { method: "POST", headers: { "content-type": "text/plain" }, rawBody: "x" })).status).toBe(415);
    expect((await call(signInOptionsRoute, { method: "POST", headers: { origin: "https://evil.example" } })).status).toBe(403);
  });
});
