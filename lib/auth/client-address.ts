// The client's address for the sign-in and registration throttles and the logs. `npm start`
// (scripts/start.mjs) decides it from the connection and TRUSTED_PROXIES (see scripts/forwarded.mjs)
// and replaces X-Forwarded-For with that one address, so whatever a client sends in the header is
// believed only as far as TRUSTED_PROXIES says. (Under `next dev` Next's own header is used.)
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return (last || "unknown").slice(0, 64);
}
