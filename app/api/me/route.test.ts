import { describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

describe("GET /api/me", () => {
  it("answers null for a caller without credentials", async () => {
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.json.user).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("names the bearer of a valid token, with the role from the database", async () => {
    const person = await createUser({ role: "surveyor" });
    const res = await call(GET, { as: person });
    expect(res.json.user).toMatchObject({ id: person.id, email: person.email, role: "surveyor" });
  });

  it("treats a forged or expired token as signed out", async () => {
    const person = await createUser();
    const { token } = createApiToken(person.id);
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect((await call(GET, { token: forged })).json.user).toBeNull();
    const expired = createApiToken(person.id, Date.now() - 2 * 60 * 60 * 1000).token;
    expect((await call(GET, { token: expired })).json.user).toBeNull();
  });
});
