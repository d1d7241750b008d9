import { describe, expect, it } from "vitest";
import { deletedEmailOf, emailShown } from "./deleted-account";

describe("a deleted account's email", () => {
  it("is a unique undeliverable placeholder, shown as 'Deleted account'", () => {
    const placeholder = deletedEmailOf("5d3c0b1e-0000-4000-8000-000000000001");
    expect(placeholder).toBe("deleted-5d3c0b1e-0000-4000-8000-000000000001@deleted.invalid");
    expect(emailShown(placeholder)).toBe("Deleted account");
  });

  it("leaves every other address as it is", () => {
    expect(emailShown("ann@example.com")).toBe("ann@example.com");
    expect(emailShown("deleted.invalid@example.com")).toBe("deleted.invalid@example.com");
  });
});
