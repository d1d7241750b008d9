import ipaddr from "ipaddr.js";

// The client's address for the sign-in and registration throttles and the logs. The production
// server (server/client-address.mjs) decides it from the connection and TRUSTED_PROXIES and replaces
// X-Forwarded-For with that one address, so a client's own header is believed only as far as
// TRUSTED_PROXIES says; a production app not started through that server refuses to serve
// (instrumentation.ts). Under `next dev`, Next's own header is used.
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return (last || "unknown").slice(0, 64);
}

/** The one key of the whole loopback range (127.0.0.0/8 and ::1): one machine, one client. */
export const LOOPBACK_CLIENT = "loopback";

/** The address parsed, when it is one (strictly: four-part dotted IPv4, or IPv6 with an optional zone). */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (text.includes(":") ? !ipaddr.IPv6.isValid(text) : !ipaddr.IPv4.isValidFourPartDecimal(text)) return null;
  return ipaddr.process(text);
}

/**
 * What every per-client limit counts by: the IPv4 address (an IPv4-mapped IPv6 address is its IPv4),
 * the /64 of an IPv6 address (one subscriber's network: it holds 2^64 addresses), and the whole
 * loopback range as one client. Anything else (`unknown`) is kept as it is.
 */
export function clientKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address;
  if (parsed.range() === "loopback") return LOOPBACK_CLIENT;
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16)).join(":")}::/64`;
}
