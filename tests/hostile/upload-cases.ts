// Hostile multipart uploads (a picture that lies about itself) and Stripe webhook bodies.
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { ALTCHA_PLACEHOLDER, type HostileCase, UNICODE, hostileString, hostileValue, MB, big, json, JSON_HEADERS } from "./values";

// ---- multipart uploads (upload, register)

export type Images = { png: Buffer; jpeg: Buffer };

/** A PNG whose header claims another size (CRC recomputed, so only the pixels give it away). */
export function lyingPng(png: Buffer, width: number, height: number) {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}
function crc32(bytes: Buffer) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function multipart(fields: [string, string | { name: string; type: string; bytes: Buffer }][], boundary = "----hostile7MA4YWxk") {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === "string") parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`));
      parts.push(value.bytes, Buffer.from("\r\n"));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export function uploadCases(images: Images, runs: number, seed: number): HostileCase[] {
  const badImage = fc.oneof(
    fc.tuple(fc.integer({ min: 8_000, max: 2 ** 31 - 1 }), fc.integer({ min: 8_000, max: 2 ** 31 - 1 })).map(([w, h]) => ({ label: "PNG claiming a huge size", bytes: lyingPng(images.png, w, h), type: "image/png" })),
    fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })).map(([w, h]) => ({ label: "PNG claiming a tiny size", bytes: lyingPng(images.png, w, h), type: "image/png" })),
    fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((b) => ({ label: "random bytes as a PNG", bytes: Buffer.from(b), type: "image/png" })),
    fc.integer({ min: 8, max: 200 }).map((n) => ({ label: "a truncated JPEG", bytes: images.jpeg.subarray(0, n), type: "image/jpeg" })),
    fc.constant({ label: "an SVG with a script", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'), type: "image/svg+xml" }),
    fc.constant({ label: "HTML named .png", bytes: Buffer.from("<html><script>alert(1)</script></html>"), type: "image/png" }),
  );
  const cases: HostileCase[] = [];
  for (const [image, cookie] of fc.sample(fc.tuple(badImage, fc.boolean()), { seed, numRuns: runs })) {
    const { body, headers } = multipart([["image", { name: "me.png", type: image.type, bytes: image.bytes }]]);
    cases.push({ family: `multipart: ${image.label} (upload)`, method: "POST", path: "/api/upload", caller: "user", cookie, headers, body, kind: "json" });
  }
  // Valid names of every script and emoji, a fresh email, and a picture that lies: no account may appear.
  const name = fc.oneof(fc.constantFrom(...UNICODE.filter((u) => !/[\u202E\uD800]/.test(u))), fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((s) => /\S/.test(s) && !/\p{Cc}/u.test(s)));
  for (const [person, image, n] of fc.sample(fc.tuple(name, badImage, fc.nat()), { seed: seed + 1, numRuns: runs })) {
    const { body, headers } = multipart([
      ["name", person],
      ["email", `hostile-${n}@example.test`],
      ["password", "a-fine-password-1"],
      ["image", { name: "me.png", type: image.type, bytes: image.bytes }],
      ["altcha", ALTCHA_PLACEHOLDER],
    ]);
    cases.push({ family: `multipart: emoji/RTL name with ${image.label} (register)`, method: "POST", path: "/api/register", caller: "anon", headers, body, kind: "json" });
  }
  const fixed: [string, string, { body: Buffer; headers: Record<string, string> }][] = [
    ["upload", "no image field", multipart([["note", "hello"]])],
    ["upload", "image as a text field", multipart([["image", "not a file"]])],
    ["upload", "an image over 5 MB", multipart([["image", { name: "big.png", type: "image/png", bytes: Buffer.concat([images.png, Buffer.alloc(6 * MB)]) }]])],
    ["upload", "a broken boundary", { body: Buffer.from("--nope\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\nxx"), headers: { "content-type": "multipart/form-data; boundary=other" } }],
    ["upload", "a boundary that is missing", { body: Buffer.from("abc"), headers: { "content-type": "multipart/form-data" } }],
    ["upload", "JSON instead of a form", { body: json({ image: "data:image/png;base64,AAAA" }), headers: JSON_HEADERS }],
    ["register", "a name with control characters", multipart([["name", "Evil\u001b[2J"], ["email", "ctl@example.test"], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "an email as an operator", multipart([["name", "Op"], ["email", '{"$ne":null}'], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "a 1 MB name", multipart([["name", big(MB)], ["email", "big@example.test"], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "no picture", multipart([["name", "No Picture 😀"], ["email", "nopic@example.test"], ["password", "a-fine-password-1"], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "an image over 5 MB", multipart([["name", "Big"], ["email", "bigpic@example.test"], ["password", "a-fine-password-1"], ["image", { name: "big.png", type: "image/png", bytes: Buffer.concat([images.png, Buffer.alloc(6 * MB)]) }], ["altcha", ALTCHA_PLACEHOLDER]])],
    ["register", "the seeded admin's email", multipart([["name", "Again"], ["email", "admin@demo.test"], ["password", "a-fine-password-1"], ["image", { name: "a.png", type: "image/png", bytes: images.png }], ["altcha", ALTCHA_PLACEHOLDER]])],
  ];
  for (const [route, label, { body, headers }] of fixed) {
    cases.push({ family: `multipart: ${label} (${route})`, method: "POST", path: `/api/${route}`, caller: route === "upload" ? "user" : "anon", headers, body, kind: "json" });
  }
  return cases;
}

// ---- the Stripe webhook

export function stripeSignature(payload: Buffer, secret: string, at = Math.floor(Date.now() / 1000)) {
  return `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${payload.toString("utf8")}`).digest("hex")}`;
}

export function webhookCases(secret: string, runs: number, seed: number): HostileCase[] {
  const cases: HostileCase[] = [];
  const payload = fc.oneof(
    fc.json().map((j) => Buffer.from(j)),
    hostileValue.map((v) => json(v)),
    fc.constant(Buffer.from('{"__proto__":{"id":"evt_1"},"id":{"$ne":null},"type":"charge.refunded","data":{"object":{"id":"ch_1"}}}')),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  );
  for (const [body, signature] of fc.sample(
    fc.tuple(payload, fc.oneof(fc.constant(undefined), fc.constantFrom("", "t=1,v1=00", "v1=abc", "t=abc", "t=1700000000,v1=" + "0".repeat(64)), hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "")))),
    { seed, numRuns: runs },
  )) {
    cases.push({ family: "webhook: unsigned or badly signed", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", ...(signature !== undefined && { "stripe-signature": signature }) }, body, kind: "json" });
  }
  // Correctly signed, but not a Stripe event (no id/type/data.object.id strings), or signed too long ago.
  for (const value of fc.sample(hostileValue, { seed: seed + 1, numRuns: Math.ceil(runs / 2) })) {
    const body = json(value);
    cases.push({ family: "webhook: signed, but not an event", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", "stripe-signature": stripeSignature(body, secret) }, body, kind: "json" });
  }
  const stale = json({ id: "evt_hostile_stale", type: "charge.refunded", data: { object: { id: "ch_x" } } });
  cases.push({ family: "webhook: signed an hour ago", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", "stripe-signature": stripeSignature(stale, secret, Math.floor(Date.now() / 1000) - 3600) }, body: stale, kind: "json" });
  cases.push({ family: "webhook: over 512 KB", method: "POST", path: "/api/stripe/webhook", caller: "anon", headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=0" }, body: json({ pad: big(MB) }), kind: "json" });
  return cases;
}
