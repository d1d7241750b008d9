// A site without SMTP_URL sends no mail: a reply could never leave, so it is refused (503) and nothing
// is queued, marked or audited.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { auditEvents, contactMessages, mailOutbox } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { POST } from "./route";

delete process.env.SMTP_URL;

describe("POST /api/contact_messages/{id}/reply on a site without mail", () => {
  it("answers 503 and changes nothing", async () => {
    const admin = await createUser({ role: "admin" });
    const db = await getDb();
    const [sent] = await db.insert(contactMessages).values({ name: "Sender", email: "nomail-sender@test.example", message: "A question." }).returning();
    const res = await call(POST, { method: "POST", as: admin, path: `/api/contact_messages/${sent.id}/reply`, params: { id: sent.id }, body: { message: "An answer." } });
    expect(res.status).toBe(503);
    expect(res.json.error?.code).toBe("service_unavailable");
    expect(await db.select().from(mailOutbox)).toEqual([]);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.newValue, sent.email))).toEqual([]);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, sent.id));
    expect(row).toMatchObject({ repliedAt: null, handledAt: null });
  });
});
