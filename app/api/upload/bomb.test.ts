// A decompression bomb (a 46 KB PNG of 40,000 × 1,200 pixels) at both doors that take a picture:
// refused from its header with a 400 on the picture field, nothing stored, nothing decoded.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { avatars, users } from "@/models";
import { withAltcha } from "@/tests/altcha-call";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { bombPngBytes, imageForm } from "@/tests/images";
import { POST as register } from "../register/route";
import { POST as upload } from "./route";

const rows = async () => {
  const db = await getDb();
  const [[u], [a]] = await Promise.all([db.select({ n: count() }).from(users), db.select({ n: count() }).from(avatars)]);
  return { users: u.n, avatars: a.n };
};

const refusal = { error: { code: "bad_request", issues: [{ path: "image", message: expect.stringContaining("25 megapixels") }] } };

describe("decompression bombs", () => {
  it("POST /api/upload refuses a 48-megapixel PNG with 400 on `image`", async () => {
    const person = await createUser();
    const before = await rows();
    const res = await call(upload, { method: "POST", as: person, rawBody: imageForm({}, { bytes: bombPngBytes() }) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject(refusal);
    expect(await rows()).toEqual(before);
  });

  it("POST /api/register refuses it the same way, and creates no account", async () => {
    const before = await rows();
    const form = imageForm({ name: "Bo Bomb", email: "bomb@example.test", password: "correct horse battery" }, { bytes: bombPngBytes() });
    const res = await call(register, await withAltcha({ method: "POST", rawBody: form, headers: { "x-forwarded-for": "203.0.113.60" } }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject(refusal);
    expect(await rows()).toEqual(before);
  });
});
