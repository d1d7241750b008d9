import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { auditEvents, contactMessages } from "@/models";
import { itIsForAdminsOnly } from "@/tests/admin";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { PATCH } from "./route";

const missing = "0badf00d-0000-4000-8000-000000000000";

async function message(email = `sender-${Math.random().toString(36).slice(2)}@test.example`) {
  const db = await getDb();
  const [row] = await db.insert(contactMessages).values({ name: "Sender", email, message: "A question for the admins." }).returning();
  return row;
}

const auditOf = async (email: string) =>
  (await getDb())
    .select({ actorId: auditEvents.actorId, oldValue: auditEvents.oldValue, newValue: auditEvents.newValue })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "contact_handled"), eq(auditEvents.newValue, email)))
    .orderBy(auditEvents.createdAt, auditEvents.id);

const patch = (as: { id: string }, id: string, body: unknown) => call(PATCH, { method: "PATCH", as, path: `/api/contact_messages/${id}`, params: { id }, body });

describe("PATCH /api/contact_messages/{id}", () => {
  itIsForAdminsOnly(PATCH, { method: "PATCH", path: `/api/contact_messages/${missing}`, body: { handled: true } });

  it("marks a message handled by the admin and reopens it, each audited once; asking again changes nothing", async () => {
    const admin = await createUser({ role: "admin" });
    const sent = await message();

    const handled = await patch(admin, sent.id, { handled: true });
    expect(handled.status).toBe(200);
    const answer = handled.json.message as unknown as Record<string, unknown>;
    expect(answer).toMatchObject({ _id: sent.id, email: sent.email, handledBy: admin.email, repliedAt: null });
    expect(new Date(answer.handledAt as string).getTime()).toBeGreaterThan(0);

    const again = await patch(admin, sent.id, { handled: true });
    expect(again.status).toBe(200);
    expect((again.json.message as unknown as Record<string, unknown>).handledAt).toBe(answer.handledAt);
    expect(await auditOf(sent.email)).toEqual([{ actorId: admin.id, oldValue: null, newValue: sent.email }]);

    const reopened = await patch(admin, sent.id, { handled: false });
    expect(reopened.status).toBe(200);
    expect(reopened.json.message).toMatchObject({ handledAt: null, handledBy: null });
    expect((await patch(admin, sent.id, { handled: false })).status).toBe(200);
    expect(await auditOf(sent.email)).toEqual([
      { actorId: admin.id, oldValue: null, newValue: sent.email },
      { actorId: admin.id, oldValue: "handled", newValue: sent.email },
    ]);
  });

  it("refuses a bad body (400) and an unknown or malformed id (404), changing nothing", async () => {
    const admin = await createUser({ role: "admin" });
    const sent = await message();
    for (const body of [{}, { handled: "yes" }, { handled: 1 }]) expect((await patch(admin, sent.id, body)).status).toBe(400);
    expect((await patch(admin, missing, { handled: true })).status).toBe(404);
    expect((await patch(admin, "not-an-id", { handled: true })).status).toBe(404);
    const [row] = await (await getDb()).select().from(contactMessages).where(eq(contactMessages.id, sent.id));
    expect(row.handledAt).toBeNull();
    expect(await auditOf(sent.email)).toEqual([]);
  });
});
