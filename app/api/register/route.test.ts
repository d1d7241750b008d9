import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { verifyPassword } from "@/lib/auth/password";
import { limitMax } from "@/lib/limits/apply";
import { limitHits, avatars, users } from "@/models";
import { createUser } from "@/tests/factories";
import { withAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { GET as getAvatar } from "../avatars/[id]/route";
import { POST } from "./route";

const THROTTLE_MAX_FAILURES = limitMax("signUp.client");

const fields = (email: string) => ({ name: "Rita Register", email, password: "correct horse battery" });

async function counts() {
  const db = await getDb();
  const [[u], [a]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(avatars),
  ]);
  return { users: u.n, avatars: a.n };
}

describe("POST /api/register", () => {
  it("creates a user-role account with a hashed password and a re-encoded square picture", async () => {
    const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm(fields("Rita@Example.test"), { bytes: await pngBytes(300, 120) }) }));
    expect(res.status).toBe(201);
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, String(res.json.insertedId)));
    expect(user).toMatchObject({ email: "rita@example.test", name: "Rita Register", role: "user" });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("correct horse battery", user.passwordHash!)).toBe(true);
    expect(user.image).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}$/);

    const picture = await call(getAvatar, { params: { id: user.image!.split("/").pop()! } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("refuses a duplicate email (any case) with 409 and stores nothing", async () => {
    await createUser({ email: "taken@example.test" });
    const before = await counts();
    const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm(fields("TAKEN@example.test"), { bytes: await pngBytes() }) }));
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toMatch(/already exists/);
    expect(await counts()).toEqual(before);
  });

  it("refuses a file that is not an image, whatever it claims to be", async () => {
    const before = await counts();
    const fake = new TextEncoder().encode("<script>alert(1)</script>".repeat(20));
    const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm(fields("fake@example.test"), { bytes: fake, type: "image/png", name: "me.png" }) }));
    expect(res.status).toBe(422);
    expect(res.json.error?.message).toBe("The picture must be a PNG, JPEG, WebP or GIF image");
    expect(await counts()).toEqual(before);
  });

  it("refuses a PNG header followed by garbage", async () => {
    const broken = Buffer.concat([(await pngBytes()).subarray(0, 16), Buffer.alloc(500, 7)]);
    const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm(fields("broken@example.test"), { bytes: broken }) }));
    expect(res.status).toBe(422);
  });

  it("refuses a 6 MB upload with 413 and stores nothing", async () => {
    const before = await counts();
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm(fields("big@example.test"), { bytes: big }) }));
    expect(res.status).toBe(413);
    expect(res.json.error?.message).toBe("The picture must be at most 5 MB");
    expect(await counts()).toEqual(before);
  });

  it("gives the spec's messages for missing fields", async () => {
    const missingImage = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm(fields("noimage@example.test")) }));
    expect(missingImage.status).toBe(400);
    expect(missingImage.json.error?.message).toBe("image is required");

    const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm({ email: "not-an-email" }, { bytes: await pngBytes() }) }));
    expect(res.status).toBe(400);
    const messages = (res.json.error as unknown as { issues: { message: string }[] }).issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(["Name is required", "Invalid email address", "Password is required"]));
  });

  it("refuses control characters in the name or email with a 400 and stores nothing", async () => {
    const before = await counts();
    for (const form of [
      { ...fields("nul-name@example.test"), name: "Nul\u0000Name" },
      fields("nul\u0000mail@example.test"),
    ]) {
      const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm(form, { bytes: await pngBytes() }) }));
      expect(res.status).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it(`lets one client address create ${THROTTLE_MAX_FAILURES} accounts in the window, then answers 429 and stores nothing`, async () => {
    const db = await getDb();
    // Nine earlier registrations from this address, as the throttle records them.
    await db.insert(limitHits).values(Array.from({ length: THROTTLE_MAX_FAILURES - 1 }, () => ({ key: "register:10.7.0.1" })));
    const from = async (address: string, email: string) =>
      call(POST, await withAltcha({ method: "POST", headers: { "x-forwarded-for": address }, rawBody: imageForm(fields(email), { bytes: await pngBytes() }) }));
    expect((await from("10.7.0.1", "tenth@example.test")).status).toBe(201);
    const before = await counts();
    const refused = await from("10.7.0.1", "eleventh@example.test");
    expect(refused.status).toBe(429);
    expect(await counts()).toEqual(before);
    expect((await from("10.7.0.2", "elsewhere@example.test")).status).toBe(201);
  });

  it("refuses passwords shorter than 8 or longer than 128 characters", async () => {
    for (const password of ["short", "x".repeat(129)]) {
      const res = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm({ ...fields("len@example.test"), password }, { bytes: await pngBytes() }) }));
      expect(res.status).toBe(400);
    }
    const longest = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm({ ...fields("len@example.test"), password: "p".repeat(128) }, { bytes: await pngBytes() }) }));
    expect(longest.status).toBe(201);
  });

  it("keeps the language of the page registered on as the account's, and refuses one it does not know with 400, storing nothing", async () => {
    const form = (email: string, locale: string) => imageForm({ ...fields(email), locale }, { bytes: Buffer.from([]) });
    const created = await call(POST, await withAltcha({ method: "POST", rawBody: imageForm({ ...fields("lingua@example.test"), locale: "de" }, { bytes: await pngBytes() }) }));
    expect(created.status).toBe(201);
    const db = await getDb();
    const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, String(created.json.insertedId)));
    expect(user.locale).toBe("de");

    const before = await counts();
    for (const locale of ["fr", "EN", "", "en-US"]) {
      const refused = await call(POST, await withAltcha({ method: "POST", rawBody: form(`lingua-${locale || "none"}@example.test`, locale) }));
      expect(refused.status, locale).toBe(400);
      expect(refused.json.error?.issues?.[0]?.path, locale).toBe("locale");
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a JSON body (415) and a cross-site form post", async () => {
    expect((await call(POST, await withAltcha({ method: "POST", body: fields("json@example.test") }))).status).toBe(415);
    const crossSite = await call(POST, await withAltcha({
      method: "POST",
      rawBody: imageForm(fields("csrf@example.test"), { bytes: await pngBytes() }),
      headers: { origin: "https://evil.example" },
    }));
    expect(crossSite.status).toBe(403);
  });
});

describe("GET /api/avatars/{id}", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    expect((await call(getAvatar, { params: { id: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
    expect((await call(getAvatar, { params: { id: "../../etc/passwd" } })).status).toBe(404);
  });
});
