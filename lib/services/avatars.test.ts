import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processAvatar, sniffImageType } from "./avatars";

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
    const out = await processAvatar(bytes);
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("drops metadata such as the camera's location", async () => {
    const withExif = await base().jpeg().withExif({ IFD0: { Copyright: "secret location" } }).toBuffer();
    const out = await processAvatar(withExif);
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from("secret location"))).toBe(false);
  });

  it("refuses SVG, HTML and other types whatever their name, and files over 5 MB", async () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "<html></html>", "BM fake bitmap"]) {
      await expect(processAvatar(Buffer.from(text))).rejects.toMatchObject({ status: 422 });
    }
    const big = Buffer.concat([await base().png().toBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
    await expect(processAvatar(big)).rejects.toMatchObject({ status: 413 });
  });
});
