import { count, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { avatars, users } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { GET as getAvatar } from "../avatars/[id]/route";
import { POST } from "./route";

const avatarCount = async () => (await (await getDb()).select({ n: count() }).from(avatars))[0].n;

describe("POST /api/upload", () => {
  it("replaces the caller's picture with a 256 px square and answers its address", async () => {
    const person = await createUser();
    const first = await call(POST, { method: "POST", as: person, rawBody: imageForm({}, { bytes: await pngBytes(800, 300) }) });
    expect(first.status).toBe(200);
    const url = (first.json.data as { display_url: string }).display_url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/avatars\/[0-9a-f-]{36}$/);
    const id = url.split("/").pop()!;
    const served = await getAvatar(new NextRequest(url), { params: Promise.resolve({ id }) });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 256, height: 256, format: "webp" });

    const second = await call(POST, { method: "POST", as: person, rawBody: imageForm({}, { bytes: await pngBytes() }) });
    const db = await getDb();
    const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, person.id));
    expect(url.endsWith(row.image!)).toBe(false);
    expect((second.json.data as { display_url: string }).display_url.endsWith(row.image!)).toBe(true);
    // The replaced picture is gone.
    expect((await call(getAvatar, { params: { id } })).status).toBe(404);
  });

  it("refuses signed-out callers, non-images and 6 MB files, storing nothing", async () => {
    const person = await createUser();
    const before = await avatarCount();
    expect((await call(POST, { method: "POST", rawBody: imageForm({}, { bytes: await pngBytes() }) })).status).toBe(401);
    const gif = new TextEncoder().encode("GIF89a but not really a picture at all");
    expect((await call(POST, { method: "POST", as: person, rawBody: imageForm({}, { bytes: gif, type: "image/gif" }) })).status).toBe(422);
    const pdf = new TextEncoder().encode("%PDF-1.7 a document");
    expect((await call(POST, { method: "POST", as: person, rawBody: imageForm({}, { bytes: pdf }) })).status).toBe(422);
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(6 * 1024 * 1024)]);
    expect((await call(POST, { method: "POST", as: person, rawBody: imageForm({}, { bytes: big }) })).status).toBe(413);
    expect((await call(POST, { method: "POST", as: person, rawBody: imageForm({}) })).status).toBe(400);
    expect(await avatarCount()).toBe(before);
    const [row] = await (await getDb()).select({ image: users.image }).from(users).where(eq(users.id, person.id));
    expect(row.image).toBeNull();
  });
});

