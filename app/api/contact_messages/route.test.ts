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
});
