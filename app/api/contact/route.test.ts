import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { limitMax } from "@/lib/limits/apply";
import { contactMessages } from "@/models";
import { withAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";
import { POST } from "./route";

const CONTACT_MAX_PER_HOUR = limitMax("contact.address");

const stored = async (email: string) => {
  const db = await getDb();
  return db.select().from(contactMessages).where(eq(contactMessages.email, email));
};

describe("POST /api/contact", () => {
  it("stores a valid message, trimmed, with the email in lower case", async () => {
    const res = await call(POST, await withAltcha({
      method: "POST",
      body: { name: "  Ada  ", email: "Ada@Example.COM", message: "Hello, I have a question about surveys." },
    }));
    expect(res.status).toBe(200);
    expect(res.json.insertedId).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await stored("ada@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ada", message: "Hello, I have a question about surveys." });
  });

  it.each([
    [{ email: "a@b.co", message: "long enough message" }, "name", "Name is required"],
    [{ name: "A", email: "not-an-email", message: "long enough message" }, "email", "Invalid email address"],
    [{ name: "A", email: "a@b.co", message: "   " }, "message", "Message is required"],
    [{ name: "A", email: "a@b.co", message: "short" }, "message", "Message must be at least 10 characters"],
    [{ name: "A", email: "a@b.co", message: "x".repeat(2001) }, "message", "Message must be at most 2000 characters"],
    [{ name: "N".repeat(101), email: "a@b.co", message: "long enough message" }, "name", "Name must be at most 100 characters"],
    [{ name: ["A"], email: "a@b.co", message: "long enough message" }, "name", "Name is required"],
  ])("refuses %j with a 400 naming the field", async (body, field, message) => {
    const res = await call(POST, await withAltcha({ method: "POST", body }));
    expect(res.status).toBe(400);
    const issues = (res.json.error as unknown as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toContainEqual({ path: field, message });
    expect(await stored("a@b.co")).toHaveLength(0);
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const res = await call(POST, await withAltcha({
      method: "POST",
      body: { name: "Big", email: "big@example.com", message: "x".repeat(20_000) },
    }));
    expect(res.status).toBe(413);
    expect(await stored("big@example.com")).toHaveLength(0);
  });

  it("refuses NUL characters with a 400 and stores nothing", async () => {
    const res = await call(POST, await withAltcha({ method: "POST", body: { name: "Nul\u0000", email: "nul@example.com", message: "A message with a NUL \u0000 in it" } }));
    expect(res.status).toBe(400);
    expect(res.json.error?.message).toBe("Text cannot contain NUL characters");
    expect(await stored("nul@example.com")).toHaveLength(0);
  });

  it("refuses an oversized body sent in chunks without a length, before reading it all", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new NextRequest("http://localhost:3000/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await POST(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(64);
  });

  it("refuses a post from another site's page (CSRF)", async () => {
    const res = await call(POST, await withAltcha({
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: { name: "Eve", email: "eve@example.com", message: "Sent from somewhere else" },
    }));
    expect(res.status).toBe(403);
    expect(await stored("eve@example.com")).toHaveLength(0);
  });

  it(`limits one email to ${CONTACT_MAX_PER_HOUR} messages an hour, whatever the address`, async () => {
    const body = { name: "Busy", email: "busy@example.com", message: "Another message for you." };
    // Each from its own address: this is the per-email limit (the per-address one: address-throttle.test.ts).
    const from = (i: number) => ({ "x-forwarded-for": `10.81.0.${i}` });
    for (let i = 0; i < CONTACT_MAX_PER_HOUR; i++) expect((await call(POST, await withAltcha({ method: "POST", body, headers: from(i) }))).status).toBe(200);
    const res = await call(POST, await withAltcha({ method: "POST", body: { ...body, email: "BUSY@example.com" }, headers: from(99) }));
    expect(res.status).toBe(429);
    expect(await stored("busy@example.com")).toHaveLength(CONTACT_MAX_PER_HOUR);
  });
});
