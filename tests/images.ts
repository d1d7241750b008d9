// Real image bytes for upload tests, made with sharp.
import sharp from "sharp";

export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 80, b: 200 } } }).png().toBuffer();
}

export function imageForm(fields: Record<string, string>, image?: { bytes: Uint8Array; name?: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (image) form.set("image", new Blob([new Uint8Array(image.bytes)], { type: image.type ?? "image/png" }), image.name ?? "me.png");
  return form;
}
