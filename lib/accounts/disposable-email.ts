import "server-only";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { ApiError } from "@/lib/api/errors";

// Throwaway-inbox domains are refused where an account's address is set (registration, change of
// address). The list is disposable-email-domains-js: the community-maintained disposable-email-domains
// list (about 9,000 domains), republished on npm automatically when it changes, read once into a Set.

export const DISPOSABLE_EMAIL_MESSAGE = "Disposable email addresses can't be used. Please use your own address.";

let blocklist: Set<string> | undefined;

/** Whether the address's domain, or any parent domain of it (x.mailinator.com), is a disposable one. */
export function isDisposableEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const labels = email.slice(at + 1).trim().toLowerCase().replace(/\.$/, "").split(".");
  blocklist ??= disposableEmailBlocklistSet();
  // Every suffix of two labels or more: a.b.mailinator.com, b.mailinator.com, mailinator.com.
  for (let i = 0; i <= labels.length - 2; i++) if (blocklist.has(labels.slice(i).join("."))) return true;
  return false;
}

/** A 400 naming the email field, as a validation error is answered, for a disposable address. */
export function refuseDisposableEmail(email: string): void {
  if (isDisposableEmail(email)) throw new ApiError("bad_request", DISPOSABLE_EMAIL_MESSAGE, [{ path: "email", message: DISPOSABLE_EMAIL_MESSAGE }]);
}
