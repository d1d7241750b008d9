import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bombPngBytes } from "@/tests/images";
import { limitMax } from "@/lib/limits/apply";
import { AVATAR_MAX_PIXELS, pictureQueueState, processAvatar, sniffImageType } from "./avatars";

const PICTURE_CONCURRENCY = limitMax("pictures.server");

const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 60 } } });

describe("profile pictures", () => {
  it.each([
    ["image/png", () => base().png().toBuffer()],
    ["image/jpeg", () => base().jpeg().toBuffer()],
    ["image/webp", () => base().webp().toBuffer()],
    ["image/gif", () => base().gif().toBuffer()],
  ])("accepts %s by its bytes and re-encodes it as a 256 px WebP square", async (type, make) => {
    const bytes = await make();
    expect(sniffImageType(bytes)).toBe(type);
    const out = await processAvatar(bytes, "owner-1");
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("drops metadata such as the camera's location", async () => {
    const withExif = await base().jpeg().withExif({ IFD0: { Copyright: "secret location" } }).toBuffer();
    const out = await processAvatar(withExif, "owner-1");
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from("secret location"))).toBe(false);
  });

  it("refuses SVG, HTML and other types whatever their name, and files over 5 MB", async () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "<html></html>", "BM fake bitmap"]) {
      await expect(processAvatar(Buffer.from(text), "owner-1")).rejects.toMatchObject({ status: 422 });
    }
    const big = Buffer.concat([await base().png().toBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
    await expect(processAvatar(big, "owner-1")).rejects.toMatchObject({ status: 413 });
  });

  it("refuses a decompression bomb (46 KB, 40,000 × 1,200 pixels) from its header, with a 400 on the picture, before decoding", async () => {
    const bomb = bombPngBytes(40_000, 1_200);
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    expect(sniffImageType(bomb)).toBe("image/png");
    const rss = process.memoryUsage().rss;
    await expect(processAvatar(bomb, "owner-bomb")).rejects.toMatchObject({
      status: 400,
      code: "bad_request",
      issues: [{ path: "image", message: expect.stringContaining("25 megapixels") }],
    });
    // Refused from the header, not by timing it: the decode turns any failure into "not an image", so
    // the 25-megapixel refusal can only be the header check's; and 48 megapixels take ~50 MB a channel.
    expect(process.memoryUsage().rss - rss).toBeLessThan(40 * 1024 * 1024);
    // Just over the bound is refused too; the bound is pixels, not the file's size.
    await expect(processAvatar(bombPngBytes(5_001, 5_000), "owner-bomb")).rejects.toMatchObject({ status: 400 });
    expect(5_001 * 5_000).toBeGreaterThan(AVATAR_MAX_PIXELS);
    expect(pictureQueueState()).toEqual({ running: 0, waiting: 0, owners: 0 });
  });

  it("processes one picture per owner at a time: a second one at once is refused with 429 and Retry-After", async () => {
    const bytes = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const [first, second] = await Promise.allSettled([processAvatar(bytes, "owner-2"), processAvatar(bytes, "owner-2")]);
    expect(first.status).toBe("fulfilled");
    expect(second).toMatchObject({ status: "rejected", reason: { status: 429, retryAfterSeconds: 2 } });
    // Once it is done, the next one goes through.
    await expect(processAvatar(bytes, "owner-2")).resolves.toMatchObject({ contentType: "image/webp" });
  });

  it("runs at most PICTURE_CONCURRENCY pictures at once on the server, queues a few and refuses the rest with 503", async () => {
    const bytes = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: { r: 9, g: 8, b: 7 } } }).png().toBuffer();
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, pictureQueueState().running)), 1);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => processAvatar(bytes, `owner-many-${i}`)));
    clearInterval(sampler);
    expect(most).toBeLessThanOrEqual(PICTURE_CONCURRENCY);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toMatchObject({ reason: { status: 503, retryAfterSeconds: 5 } });
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(PICTURE_CONCURRENCY);
    expect(pictureQueueState()).toEqual({ running: 0, waiting: 0, owners: 0 });
  });
});
