// Real image bytes for upload tests, made with sharp.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 80, b: 200 } } }).png().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid, all-black 8-bit grey PNG of `width` × `height` whose pixels deflate to
 * next to nothing (40,000 × 1,200 is 48 megapixels in about 47 KB; decoded, 48 MB a channel). Made by
 * hand: sharp would have to hold every pixel to encode it.
 */
export function bombPngBytes(width = 40_000, height = 1_200): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter, no interlace
  // Each row is its filter byte (none) and `width` zero bytes.
  const rows = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export function imageForm(fields: Record<string, string>, image?: { bytes: Uint8Array; name?: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set("image", new Blob([new Uint8Array(image.bytes)], { type: image.type ?? "image/png" }), image.name ?? "me.png");
  return form;
}
