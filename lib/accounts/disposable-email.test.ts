import { describe, expect, it } from "vitest";
import { DISPOSABLE_EMAIL_MESSAGE, isDisposableEmail, refuseDisposableEmail } from "./disposable-email";

describe("isDisposableEmail", () => {
  it("recognises throwaway-inbox domains, in any case, and their subdomains", () => {
    for (const email of ["a@mailinator.com", "a@MAILINATOR.COM", "a@x.mailinator.com", "a@deep.x.mailinator.com", "a@mailinator.com.", "a@guerrillamail.com", "a@10minutemail.com"]) {
      expect(isDisposableEmail(email), email).toBe(true);
    }
  });

  it("leaves ordinary addresses, look-alikes and bare top-level domains alone", () => {
    for (const email of ["a@gmail.com", "a@example.test", "a@mailinator-fan.example", "a@mailinator.com.example.org", "a@com", "a@co.uk", "not-an-email"]) {
      expect(isDisposableEmail(email), email).toBe(false);
    }
  });

  it("is refused as a 400 naming the email field", () => {
    expect(() => refuseDisposableEmail("a@sub.mailinator.com")).toThrow(
      expect.objectContaining({ status: 400, code: "bad_request", message: DISPOSABLE_EMAIL_MESSAGE, issues: [{ path: "email", message: DISPOSABLE_EMAIL_MESSAGE }] }),
    );
    expect(() => refuseDisposableEmail("a@example.test")).not.toThrow();
  });
});
