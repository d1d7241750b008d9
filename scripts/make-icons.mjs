// Regenerates the PNG and ICO icons from app/icon.svg: node scripts/make-icons.mjs
import fs from "node:fs";
import sharp from "sharp";
const svg = fs.readFileSync("app/icon.svg");
// Home-screen icons: a full-bleed square (maskable-safe: the mark sits well inside the middle 80%).
const square = async (size, pad) =>
  sharp({ create: { width: size, height: size, channels: 4, background: "#1d4ed8" } })
    .composite([{ input: await sharp(svg).resize(size - 2 * pad, size - 2 * pad).png().toBuffer(), top: pad, left: pad }])
    .png()
    .toBuffer();
fs.writeFileSync("app/apple-icon.png", await square(180, 0));
fs.writeFileSync("public/icons/icon-192.png", await sharp(svg).resize(192, 192).png().toBuffer());
fs.writeFileSync("public/icons/icon-512.png", await sharp(svg).resize(512, 512).png().toBuffer());
fs.writeFileSync("public/icons/maskable-512.png", await square(512, 64));
// favicon.ico: one 32x32 PNG inside an ICO container (every current browser reads PNG-in-ICO).
const png = await sharp(svg).resize(32, 32).png().toBuffer();
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6); header.writeUInt8(32, 7); header.writeUInt8(0, 8); header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10); header.writeUInt16LE(32, 12); header.writeUInt32LE(png.length, 14); header.writeUInt32LE(22, 18);
fs.writeFileSync("app/favicon.ico", Buffer.concat([header, png]));
