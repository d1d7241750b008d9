import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "./credentials-sign-in";

describe("retryAfterSeconds", () => {
  const now = Date.parse("2027-01-21T10:00:00Z");

  it("reads delta-seconds, as the sign-in route sends them", () => {
    expect(retryAfterSeconds("5", now)).toBe(5);
    expect(retryAfterSeconds(" 42 ", now)).toBe(42);
  });

  it("reads an HTTP date as the seconds until then", () => {
    expect(retryAfterSeconds("Thu, 21 Jan 2027 10:00:30 GMT", now)).toBe(30);
  });

  it("waits a few seconds when the header is missing or unreadable, never less than one second nor more than five minutes", () => {
    expect(retryAfterSeconds(null, now)).toBe(5);
    expect(retryAfterSeconds("soon", now)).toBe(5);
    expect(retryAfterSeconds("0", now)).toBe(1);
    expect(retryAfterSeconds("Thu, 21 Jan 2027 09:00:00 GMT", now)).toBe(1);
    expect(retryAfterSeconds("86400", now)).toBe(300);
  });
});
