import Bowser from "bowser";

// How a browser is named on the account page and in passkeys' default names. A module of its own so
// passkeys.ts need not import account.ts (which reaches the sign-in, which reaches passkeys.ts).

/** "Chrome" and "Linux" from a user agent (bowser); "Unknown browser" when it says nothing useful. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: "Unknown browser", os: "Unknown system" };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = [parsed.os.name, parsed.os.versionName].filter(Boolean).join(" ");
  return { browser: browser || "Unknown browser", os: os || "Unknown system" };
}

/**
 * The kind of browser a user agent names, without versions ("Chrome on Linux"): a browser that updates
 * itself is still the same browser, so it is no news when it signs in again.
 */
export function browserFamily(userAgent: string | null): string {
  if (!userAgent) return "unknown";
  const parsed = Bowser.parse(userAgent);
  return `${parsed.browser.name ?? "unknown"} on ${parsed.os.name ?? "unknown"}`;
}
