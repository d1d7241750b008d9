// The registration throttle reserves its slot before the slow work (15 parallel
// registrations from one address: at most 10 succeed), and an email that already has an account
// (409) counts in it and costs the same work as a registration.
import { count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { limitMax } from "@/lib/limits/apply";
import { limitHits, users } from "@/models";
import { createUser } from "@/tests/factories";
import { withAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { POST } from "./route";

const THROTTLE_MAX_FAILURES = limitMax("signUp.client");

// The slow work of a registration, counted where it is done: argon2 hashes and picture re-encodings
// (both pass through unchanged).
const work = vi.hoisted(() => ({ hashes: 0, pictures: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) =>
  (await import("@/tests/counted")).counted(await importOriginal<typeof import("@node-rs/argon2")>(), "hash", () => work.hashes++),
);
vi.mock("@/lib/accounts/avatars", async (importOriginal) =>
  (await import("@/tests/counted")).counted(await importOriginal<typeof import("@/lib/accounts/avatars")>(), "processAvatar", () => work.pictures++),
);

/** The status of `attempt` and the slow work it did. */
async function workOf(attempt: () => Promise<{ status: number }>) {
  const before = { ...work };
  const { status } = await attempt();
  return { status, hashes: work.hashes - before.hashes, pictures: work.pictures - before.pictures };
}

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
    const [slots] = await db.select({ n: count() }).from(limitHits).where(eq(limitHits.key, "register:10.51.0.1"));
    expect(slots.n).toBe(1);
    // Probing emails from one address stops at the limit like registering does.
    for (let i = 1; i < THROTTLE_MAX_FAILURES; i++) expect((await register("10.51.0.1", "taken@example.test")).status).toBe(409);
    expect((await register("10.51.0.1", "taken@example.test")).status).toBe(429);
    expect((await register("10.51.0.1", "new-one@example.test")).status).toBe(429);

    // Same cost: a taken email does the same slow work as a new one (one argon2 hash of the password,
    // one re-encoding of the picture), counted rather than timed (timing belongs to bench/).
    expect(await workOf(() => register("10.52.0.1", "taken@example.test"))).toEqual({ status: 409, hashes: 1, pictures: 1 });
    expect(await workOf(() => register("10.53.0.1", "fresh-1@example.test"))).toEqual({ status: 201, hashes: 1, pictures: 1 });
  }, 180_000);
});
