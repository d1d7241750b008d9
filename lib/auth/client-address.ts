// The client's address for the sign-in throttle. The last X-Forwarded-For entry is the one our own
// reverse proxy (or Next itself, when nothing is in front) added; earlier entries are the client's word.
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return (last || headers.get("x-real-ip") || "unknown").slice(0, 64);
}
