// The registration throttle reserves its slot before the slow work (15 parallel
// registrations from one address: at most 10 succeed), and an email that already has an account
// (409) counts in it and costs the same work as a registration.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { THROTTLE_MAX_FAILURES } from "@/lib/auth/sign-in-policy";
import { authFailures, users } from "@/models";
import { createUser } from "@/tests/factories";
import { withAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { POST } from "./route";

const fields = (email: string) => ({ name: "Rita Register", email, password: "correct horse battery" });
const register = async (address: string, email: string) =>
  call(POST, await withAltcha({ method: "POST", headers: { "x-forwarded-for": address }, rawBody: imageForm(fields(email), { bytes: await pngBytes() }) }));

describe("registration throttle", () => {
  it("15 simultaneous registrations from one address: at most 10 accounts, the rest 429", async () => {
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => register("10.50.0.1", `burst-${i}@example.test`)));
    const created = results.filter((r) => r.status === 201).length;
    console.log(`[registration burst] ${created} of 15 created`);
    expect(created).toBeLessThanOrEqual(THROTTLE_MAX_FAILURES);
    expect(results.filter((r) => r.status === 429).length).toBe(15 - created);
    const db = await getDb();
    const [made] = await db.select({ n: count() }).from(users);
    expect(made.n).toBe(created);
  }, 180_000);

  it("answers for a taken email (409) count in the throttle and do the same work as a registration", async () => {
    await createUser({ email: "taken@example.test", passwordHash: await hashPassword("some-password") });
    const taken = await register("10.51.0.1", "taken@example.test");
    expect(taken.status).toBe(409);
    const db = await getDb();
    const [slots] = await db.select({ n: count() }).from(authFailures).where(eq(authFailures.key, "register:10.51.0.1"));
    expect(slots.n).toBe(1);
    // Probing emails from one address stops at the limit like registering does.
    for (let i = 1; i < THROTTLE_MAX_FAILURES; i++) expect((await register("10.51.0.1", "taken@example.test")).status).toBe(409);
    expect((await register("10.51.0.1", "taken@example.test")).status).toBe(429);
    expect((await register("10.51.0.1", "new-one@example.test")).status).toBe(429);

    // Same cost: a taken email and a new one take about as long (both hash the password and read the picture).
    const timings = { taken: [] as number[], fresh: [] as number[] };
    for (let i = 0; i < 5; i++) {
      let started = performance.now();
      expect((await register(`10.52.0.${i}`, "taken@example.test")).status).toBe(409);
      timings.taken.push(performance.now() - started);
      started = performance.now();
      expect((await register(`10.53.0.${i}`, `fresh-${i}@example.test`)).status).toBe(201);
      timings.fresh.push(performance.now() - started);
    }
    // The fastest of five interleaved tries of each: a busy machine slows some tries, never speeds one up.
    const fastest = (v: number[]) => Math.min(...v);
    console.log(`[409 timing] taken ${fastest(timings.taken).toFixed(0)} ms, new ${fastest(timings.fresh).toFixed(0)} ms (fastest of 5)`);
    // The hash alone is tens of milliseconds; a 409 answered before it would take a few.
    expect(fastest(timings.taken)).toBeGreaterThan(fastest(timings.fresh) / 3);
  }, 180_000);
});
