// Through the routes a security audit used: a contact message and a pro_user's comment with
// ESC, BEL or U+202E are refused (400) and nothing is stored.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUT as vote } from "@/app/api/vote/[id]/route";
import { getDb } from "@/lib/db";
import { contactMessages, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { POST as contact } from "./route";

describe("control characters are not stored", () => {
  it("a contact message or name with ESC, BEL or U+202E is refused", async () => {
    for (const [i, bad] of ["\u001b[2J", "\u0007", "\u202egnp.exe"].entries()) {
      for (const body of [
        { name: "Mallory", email: "m@example.test", message: `Hello admins ${bad} read this` },
        { name: `Mallory ${bad}`, email: "m@example.test", message: "Hello admins, read this" },
      ]) {
        const res = await call(contact, { method: "POST", body, headers: { "x-forwarded-for": `10.70.0.${i}` } });
        expect(res.status).toBe(400);
        expect(res.json.error?.message).toMatch(/control characters or text-direction overrides/);
      }
    }
    const db = await getDb();
    expect((await db.select({ n: count() }).from(contactMessages))[0].n).toBe(0);
  });

  it("a pro_user's comment with ESC, BEL or U+202E is refused and the vote not counted", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const pro = await createUser({ role: "pro_user" });
    const survey = await createSurvey(surveyor.id);
    for (const bad of ["\u001b[31mred", "ding\u0007", "\u202eevil"]) {
      const res = await call(vote, { method: "PUT", as: pro, params: { id: survey.id }, body: { vote: "yes", comment: bad } });
      expect(res.status).toBe(400);
    }
    const db = await getDb();
    expect((await db.select({ n: count() }).from(votes))[0].n).toBe(0);
  });
});
