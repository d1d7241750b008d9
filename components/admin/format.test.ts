import { describe, expect, it } from "vitest";
import { formatMoney, listHref } from "./format";

describe("admin formatting", () => {
  it("shows amounts in the smallest unit as money in their currency", () => {
    expect(formatMoney(1600, "usd")).toBe("$16.00");
    expect(formatMoney(123456, "usd")).toBe("$1,234.56");
    expect(formatMoney(1500, "eur")).toBe("€15.00");
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(1600, "not-a-code")).toBe("16.00 NOT-A-CODE");
  });

  it("keeps a list's filters in its page links and leaves page 1 out", () => {
    expect(listHref("/dashboard/admin/users", { role: "user", q: "a b" }, 1)).toBe("/dashboard/admin/users?role=user&q=a+b");
    expect(listHref("/dashboard/admin/users", { role: undefined }, 3)).toBe("/dashboard/admin/users?page=3");
    expect(listHref("/dashboard/admin/payments", {}, 1)).toBe("/dashboard/admin/payments");
  });
});
