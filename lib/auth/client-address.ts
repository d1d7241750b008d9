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
