import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { contactMessages } from "@/models";
import { itIsForAdminsOnly } from "@/tests/admin";
import { createUser } from "@/tests/factories";
import { withAltcha } from "@/tests/altcha-call";
import { call } from "@/tests/http";
import { POST as contact } from "../contact/route";
import { GET } from "./route";

describe("GET /api/contact_messages", () => {
  itIsForAdminsOnly(GET, { path: "/api/contact_messages" });

  it("lists the contact form's messages newest first, in pages", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    await db.insert(contactMessages).values({ name: "Earlier", email: "earlier@test.example", message: "An older message.", createdAt: new Date(Date.now() - 60_000) });
    const sent = await call(contact, await withAltcha({ method: "POST", body: { name: "Visitor", email: "visitor@test.example", message: "Hello admins, a question." } }));
    expect(sent.status).toBe(200);

    const res = await call(GET, { as: admin, path: "/api/contact_messages" });
    expect(res.status).toBe(200);
    const rows = res.json as unknown as { name: string; email: string; message: string }[];
    expect(rows.map((r) => r.name)).toEqual(["Visitor", "Earlier"]);
    expect(rows[0]).toMatchObject({ email: "visitor@test.example", message: "Hello admins, a question." });
    const page2 = await call(GET, { as: admin, path: "/api/contact_messages?limit=1&page=2" });
    expect((page2.json as unknown as { name: string }[]).map((r) => r.name)).toEqual(["Earlier"]);
    expect(page2.headers.get("x-total-count")).toBe("2");
  });
  it("shows the waiting messages by default, the handled ones or all with ?status, each with its state", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const handledAt = new Date(Date.now() - 30_000);
    await db.insert(contactMessages).values([
      { name: "Old open", email: "old-open@test.example", message: "Still waiting.", createdAt: new Date(Date.now() - 600_000) },
      { name: "Done", email: "done@test.example", message: "Answered.", createdAt: new Date(Date.now() - 300_000), handledAt, handledBy: admin.id, repliedAt: handledAt },
      { name: "New open", email: "new-open@test.example", message: "Waiting too.", createdAt: new Date(Date.now() - 5_000) },
    ]);
    const names = async (query: string) => {
      const res = await call(GET, { as: admin, path: `/api/contact_messages${query}` });
      expect(res.status).toBe(200);
      return { rows: res.json as unknown as { name: string; handledAt: string | null; handledBy: string | null; repliedAt: string | null }[], total: res.headers.get("x-total-count") };
    };
    const open = await names("");
    expect(open.rows.map((r) => r.name)).toEqual(["Visitor", "New open", "Earlier", "Old open"]);
    expect(open.rows.every((r) => r.handledAt === null && r.handledBy === null)).toBe(true);
    expect((await names("?status=open")).rows.map((r) => r.name)).toEqual(open.rows.map((r) => r.name));

    const handled = await names("?status=handled");
    expect(handled.rows).toEqual([expect.objectContaining({ name: "Done", handledAt: handledAt.toISOString(), handledBy: admin.email, repliedAt: handledAt.toISOString() })]);
    expect(handled.total).toBe("1");

    // The earlier test's messages (Visitor, Earlier) are still waiting too.
    const all = await names("?status=all");
    expect(all.rows.map((r) => r.name)).toEqual(["Visitor", "New open", "Earlier", "Done", "Old open"]);
    expect((await names("?status=all&limit=2&page=2")).rows.map((r) => r.name)).toEqual(["Earlier", "Done"]);
    expect(Number(all.total)).toBe(Number(open.total) + 1);

    expect((await call(GET, { as: admin, path: "/api/contact_messages?status=closed" })).status).toBe(400);
  });
});
