// The QR code of a survey decodes (jsQR, a pure-JavaScript reader) to the survey's public address,
// drawn as PNG and as SVG (rasterised with sharp), and only for published surveys.
import jsQR from "jsqr";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_URL = "https://opinex.example.test";

const { GET } = await import("./route");
const { createSurvey, createUser } = await import("@/tests/factories");

let published: { id: string };
let hidden: { id: string };
beforeAll(async () => {
  const owner = await createUser({ role: "surveyor" });
  published = await createSurvey(owner.id);
  hidden = await createSurvey(owner.id, { status: "unpublish" });
});

async function get(id: string, query = "") {
  const request = new NextRequest(new URL(`/api/survey/${id}/qr${query}`, "http://localhost:3000"));
  return GET(request, { params: Promise.resolve({ id }) });
}

async function decode(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe("GET /api/survey/{id}/qr", () => {
  it("draws the survey's public address as a PNG that a QR reader decodes", async () => {
    const res = await get(published.id, "?format=png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await decode(Buffer.from(await res.arrayBuffer()))).toBe(`https://opinex.example.test/survey/details/${published.id}`);
  });

  it("draws it as an SVG by default, sandboxed, and as a download when asked", async () => {
    const res = await get(published.id);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    const svg = Buffer.from(await res.arrayBuffer());
    expect(await decode(await sharp(svg, { density: 300 }).png().toBuffer())).toBe(`https://opinex.example.test/survey/details/${published.id}`);
    const download = await get(published.id, "?format=svg&download=1");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="opinex-survey-${published.id}.svg"`);
  });

  it("is 404 for an unpublished, unknown or malformed survey and 400 for an unknown format", async () => {
    expect((await get(hidden.id)).status).toBe(404);
    expect((await get("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("not-an-id")).status).toBe(404);
    const bad = await get(published.id, "?format=gif");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe("format must be svg or png");
  });
});
