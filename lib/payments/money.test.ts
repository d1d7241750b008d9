import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("money", () => {
  it("shows amounts in the smallest unit as money in their currency", () => {
    expect(formatMoney(1600, "usd")).toBe("$16.00");
    expect(formatMoney(123456, "usd")).toBe("$1,234.56");
    expect(formatMoney(1500, "eur")).toBe("€15.00");
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(1600, "not-a-code")).toBe("16.00 NOT-A-CODE");
  });

  it("writes money in the page's language, and a price on display without the cents of a round amount", () => {
    expect(formatMoney(1600, "usd", "es")).toBe("16,00\u00a0US$");
    expect(formatMoney(123456, "eur", "de")).toBe("1.234,56\u00a0€");
    expect(formatMoney(1600, "usd", "en", { whole: true })).toBe("$16");
    expect(formatMoney(1650, "usd", "en", { whole: true })).toBe("$16.50");
    expect(formatMoney(1600, "usd", "de", { whole: true })).toBe("16\u00a0$");
  });
});
