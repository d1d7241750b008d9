// The wrapper's access check: a route names an action of the permission table, and only the roles the
// table gives it get in; the others are refused before their body is read, with the answers the API
// has always given (401 signed out, 403 "Your role does not allow this").
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { describedAs, route } from "./handler";
import { answer } from "./route-doc";

const doc = { tag: "Surveyor" as const, summary: "A test route", answers: [answer("Done", z.object({ ok: z.boolean() }))] };
const create = route({ auth: "createSurvey", body: z.object({ title: z.string() }), doc, handler: () => ({ ok: true }) });

describe("route({ auth: action })", () => {
  it("lets in the roles of the action and refuses the others before reading the body", async () => {
    const [surveyor, admin, voter] = await Promise.all([createUser({ role: "surveyor" }), createUser({ role: "admin" }), createUser()]);
    for (const caller of [surveyor, admin]) expect((await call(create, { method: "POST", as: caller, body: { title: "T" } })).status).toBe(200);
    // An invalid body is a 400 only once the caller got in: the voter's 403 comes first.
    expect((await call(create, { method: "POST", as: surveyor, body: { title: 5 } })).status).toBe(400);
    const refused = await call(create, { method: "POST", as: voter, body: { title: 5 } });
    expect([refused.status, refused.json.error?.message]).toEqual([403, "Your role does not allow this"]);
    const anonymous = await call(create, { method: "POST", body: { title: 5 } });
    expect([anonymous.status, anonymous.json.error?.message]).toEqual([401, "Please sign in first"]);
    // A caller's answer is theirs alone.
    expect((await call(create, { method: "POST", as: surveyor, body: { title: "T" } })).headers.get("cache-control")).toBe("no-store");
  });

  it("keeps what it checks and its description on the handler, and a second path may describe it apart", () => {
    expect(create.spec).toMatchObject({ auth: "createSurvey", doc });
    const other = { ...doc, summary: "Its second name" };
    const aliased = describedAs(create, other);
    expect(aliased.spec).toMatchObject({ auth: "createSurvey", doc: other });
    expect(aliased.spec.body).toBe(create.spec.body);
  });
});
