// JSON endpoints answer 415 unless the body is sent as application/json, so a
// cross-site HTML form (text/plain, urlencoded, multipart: no CORS preflight) cannot post JSON.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as contact } from "@/app/api/contact/route";
import { POST as upload } from "@/app/api/upload/route";
import { PUT as vote } from "@/app/api/vote/[id]/route";
import { getDb } from "@/lib/db";
import { contactMessages, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { solvedAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";

const message = { name: "Sam Sender", email: "sam@example.test", message: "Hello there, a question about surveys." };

describe("JSON bodies must say they are JSON", () => {
  it("refuses text/plain, urlencoded, multipart and a missing type with 415 and stores nothing", async () => {
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", null]) {
      const headers: Record<string, string> = { "x-forwarded-for": "10.60.0.1" };
      if (type) headers["content-type"] = type;
      const res = await call(contact, { method: "POST", rawBody: new TextEncoder().encode(JSON.stringify(message)), headers });
      expect(res.status, String(type)).toBe(415);
      expect(res.json.error?.code).toBe("unsupported_media_type");
    }
    const db = await getDb();
    expect((await db.select({ n: count() }).from(contactMessages))[0].n).toBe(0);
  });

  it("accepts application/json with or without a charset", async () => {
    for (const type of ["application/json", "Application/JSON; charset=utf-8"]) {
      const res = await call(contact, {
        method: "POST",
        rawBody: JSON.stringify({ ...message, altcha: await solvedAltcha() }),
        headers: { "content-type": type, "x-forwarded-for": `10.61.0.${type.length}` },
      });
      expect(res.status, type).toBe(200);
    }
  });

  it("a vote sent as text/plain is refused and not counted; the same vote as JSON counts", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id);
    const plain = await call(vote, { method: "PUT", as: voter, params: { id: survey.id }, rawBody: JSON.stringify({ vote: "yes" }), headers: { "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    const db = await getDb();
    expect((await db.select({ n: count() }).from(votes))[0].n).toBe(0);
    const json = await call(vote, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "yes" } });
    expect(json.status).toBe(200);
  });

  it("a route that takes a file answers 415 to anything but multipart", async () => {
    const person = await createUser();
    const res = await call(upload, { method: "POST", as: person, body: { image: "x" } });
    expect(res.status).toBe(415);
  });
});
