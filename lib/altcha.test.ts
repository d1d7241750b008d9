// The proof-of-work check against the real database: a solved payload passes once; missing, malformed,
// tampered, expired and replayed ones are refused with their own code; two simultaneous uses of one
// solution let exactly one through; the hourly purge drops expired solutions only.
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as challengeRoute } from "@/app/api/altcha/challenge/route";
import { getDb } from "@/lib/db";
import { limitMax } from "@/lib/limits/apply";
import { altchaUsed, limitHits } from "@/models";
import { freshChallenge, solvedAltcha } from "@/tests/altcha-call";
import { solveAltcha } from "@/tests/altcha";
import { call } from "@/tests/http";
import { ALTCHA_COST, ALTCHA_EXPIRES_SECONDS, purgeExpiredAltcha, verifyAltcha } from "./altcha";

const ALTCHA_CHALLENGES_PER_MINUTE = limitMax("challenge.client");

const codeOf = async (payload: string | undefined) => {
  try {
    await verifyAltcha(payload);
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};
const decode = (payload: string) => JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

afterEach(() => vi.useRealTimers());

describe("GET /api/altcha/challenge", () => {
  it("issues a signed PBKDF2 challenge that expires in 10 minutes, never cached", async () => {
    const res = await call(challengeRoute, { path: "/api/altcha/challenge" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { parameters, signature } = res.json as unknown as { parameters: Record<string, unknown>; signature: string };
    expect(parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: ALTCHA_COST, keyLength: 32 });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = Number(parameters.expiresAt) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(ALTCHA_EXPIRES_SECONDS - 5);
    expect(expiresIn).toBeLessThanOrEqual(ALTCHA_EXPIRES_SECONDS);
  });

  it(`gives one address ${ALTCHA_CHALLENGES_PER_MINUTE} a minute, then 429`, async () => {
    const db = await getDb();
    await db.insert(limitHits).values(Array.from({ length: ALTCHA_CHALLENGES_PER_MINUTE - 1 }, () => ({ key: "altcha:10.9.9.9" })));
    const from = (address: string) => call(challengeRoute, { path: "/api/altcha/challenge", headers: { "x-forwarded-for": address } });
    expect((await from("10.9.9.9")).status).toBe(200);
    const refused = await from("10.9.9.9");
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe("too_many_requests");
    expect((await from("10.9.9.8")).status).toBe(200);
  });
});

describe("verifyAltcha", () => {
  it("accepts a solved challenge once, then refuses it as replayed", async () => {
    const payload = await solvedAltcha();
    expect(await codeOf(payload)).toBe("ok");
    expect(await codeOf(payload)).toBe("altcha_replayed");
    const db = await getDb();
    const [row] = await db.select().from(altchaUsed).where(eq(altchaUsed.challengeId, decode(payload).challenge.signature));
    expect(row.expiresAt.getTime()).toBe(decode(payload).challenge.parameters.expiresAt * 1000);
  });

  it("lets exactly one of two simultaneous uses of the same solution through", async () => {
    const payload = await solvedAltcha();
    const results = await Promise.all([codeOf(payload), codeOf(payload), codeOf(payload)]);
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "altcha_replayed")).toHaveLength(2);
  });

  it("refuses a missing payload as required", async () => {
    for (const payload of [undefined, "", "   "]) expect(await codeOf(payload)).toBe("altcha_required");
  });

  it("refuses malformed and oversized payloads as invalid, without an exception of the library's", async () => {
    const good = decode(await solvedAltcha());
    const cases = [
      "not base64 at all!",
      Buffer.from("not json").toString("base64"),
      encode([]),
      encode({ challenge: good.challenge }),
      encode({ ...good, solution: { counter: -1, derivedKey: good.solution.derivedKey } }),
      encode({ ...good, solution: { counter: 2 ** 40, derivedKey: good.solution.derivedKey } }),
      encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, algorithm: "ARGON2ID" } } }),
      encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, algorithm: "SHA-1" } } }),
      encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, nonce: "zz" } } }),
      "A".repeat(5000),
      encode({ ...good, padding: "x".repeat(4000) }),
    ];
    for (const payload of cases) expect(await codeOf(payload), payload.slice(0, 40)).toBe("altcha_invalid");
  });

  it("refuses a wrong solution, a tampered challenge and one signed with another key", async () => {
    const good = decode(await solvedAltcha());
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: "00".repeat(32) } };
    const easier = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } };
    const later = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, expiresAt: good.challenge.parameters.expiresAt + 3600 } } };
    const foreign = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: ALTCHA_COST,
      counter: 10,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: "someone-else's-key-of-32-characters!",
      hmacKeySignatureSecret: "someone-else's-other-key-of-32-chars",
    });
    for (const payload of [wrongKey, easier, later]) expect(await codeOf(encode(payload))).toBe("altcha_invalid");
    expect(await codeOf(await solveAltcha(foreign))).toBe("altcha_invalid");
    // None of them was recorded as used: the real solution still passes.
    expect(await codeOf(encode(good))).toBe("ok");
  });

  it("refuses a solution sent after its challenge expired", async () => {
    const payload = await solveAltcha(await freshChallenge());
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (ALTCHA_EXPIRES_SECONDS + 60) * 1000);
    expect(await codeOf(payload)).toBe("altcha_expired");
  });
});

describe("purgeExpiredAltcha", () => {
  it("deletes used solutions whose challenges expired and keeps the others", async () => {
    const db = await getDb();
    await db.insert(altchaUsed).values([
      { challengeId: "purge-old", expiresAt: new Date(Date.now() - 60_000) },
      { challengeId: "purge-live", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await purgeExpiredAltcha()).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: altchaUsed.challengeId }).from(altchaUsed);
    expect(left.map((r) => r.id)).toContain("purge-live");
    expect(left.map((r) => r.id)).not.toContain("purge-old");
    const [{ n }] = await db.select({ n: count() }).from(altchaUsed).where(eq(altchaUsed.challengeId, "purge-old"));
    expect(n).toBe(0);
  });
});
