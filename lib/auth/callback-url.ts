// Where to send someone after signing in: only a path on this site. Anything else (`//evil.com`,
// `https://evil.com`, `/\evil.com`, `javascript:`) becomes `/`, so the login page is no open redirect.
const BASE = "http://opinex.invalid";

export function safeCallbackPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return "/";
    // Normalising can make a new `//host` out of `/.//host` or `/..//host`: check the result too.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/";
  } catch {
    return "/";
  }
}
