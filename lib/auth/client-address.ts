// The client's address for the sign-in and registration throttles. The last X-Forwarded-For entry is
// the one our own reverse proxy added; earlier entries are the client's word. Next fills the header
// with the socket's address only when the client sent none, so without a reverse proxy that sets it
// a client can choose its own address (the per-account throttle still holds): deploy behind one.
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return (last || headers.get("x-real-ip") || "unknown").slice(0, 64);
}
