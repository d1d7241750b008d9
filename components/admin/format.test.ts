import { describe, expect, it } from "vitest";
import { listHref } from "./format";

describe("admin formatting", () => {
  it("keeps a list's filters in its page links and leaves page 1 out", () => {
    expect(listHref("/dashboard/admin/users", { role: "user", q: "a b" }, 1)).toBe("/dashboard/admin/users?role=user&q=a+b");
    expect(listHref("/dashboard/admin/users", { role: undefined }, 3)).toBe("/dashboard/admin/users?page=3");
    expect(listHref("/dashboard/admin/payments", {}, 1)).toBe("/dashboard/admin/payments");
  });
});
