// Shared checks for the admin-only calls.
import { expect, it } from "vitest";
import { createUser } from "./factories";
import { call } from "./http";

type Handler = Parameters<typeof call>[0];

/** Signed out → 401; user, pro_user and surveyor → 403. */
export async function expectAdminOnly(handler: Handler, request: { method?: string; path?: string; body?: unknown } = {}) {
  expect((await call(handler, request)).status).toBe(401);
  for (const role of ["user", "pro_user", "surveyor"] as const) {
    const caller = await createUser({ role });
    const res = await call(handler, { ...request, as: caller });
    expect(res.status, `${role} must be refused`).toBe(403);
  }
}

/** The test that `handler` answers admins only (`expectAdminOnly`). */
export function itIsForAdminsOnly(handler: Handler, request: { method?: string; path?: string; body?: unknown } = {}) {
  it("is for admins only", () => expectAdminOnly(handler, request));
}
