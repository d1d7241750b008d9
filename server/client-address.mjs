// Which client address a request comes from: decided once, here, from the connection and
// TRUSTED_PROXIES with `proxy-addr` (Express's), then handed to the app as the only X-Forwarded-For
// entry (lib/auth/client-address.ts reads it for the throttles and the logs).
import net from "node:net";
import proxyaddr from "proxy-addr";

/**
 * TRUSTED_PROXIES: unset/empty = trust nobody; a number N = the N nearest hops are our proxies;
 * a comma list of addresses or CIDRs = hops at those addresses are our proxies.
 * @param {string | undefined} value
 * @returns {{ trust: (address: string, hop: number) => boolean } | null}
 */
export function parseTrustedProxies(value) {
  const text = (value ?? "").trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? null : { trust: (_address, hop) => hop < hops };
  }
  const entries = text.split(",").map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    // proxy-addr also takes names (loopback, uniquelocal…); the configuration promises addresses only.
    if (!net.isIP(entry.split("/")[0])) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
  }
  try {
    return { trust: proxyaddr.compile(entries) };
  } catch (error) {
    throw new Error(`TRUSTED_PROXIES: ${error.message}`);
  }
}

/** "::ffff:10.0.0.1" → "10.0.0.1", so one IPv4 client or proxy reads the same however the socket reports it. */
function normalise(address) {
  const a = (address ?? "").trim();
  return a.startsWith("::ffff:") && net.isIPv4(a.slice(7)) ? a.slice(7) : a;
}

/**
 * The client's address: the connection's peer, unless that peer is a trusted proxy, in which case
 * X-Forwarded-For is walked from the right (nearest hop first) past every trusted proxy.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {ReturnType<typeof parseTrustedProxies>} trusted
 */
export function resolveClientAddress(socketAddress, forwardedFor, trusted) {
  const peer = normalise(socketAddress);
  if (!peer) return "unknown";
  if (!trusted) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  const socket = { remoteAddress: socketAddress };
  return normalise(proxyaddr({ socket, connection: socket, headers: { "x-forwarded-for": header } }, trusted.trust)) || peer;
}

/**
 * Whether the client reached us over HTTPS: a TLS connection, or a trusted proxy saying so in
 * X-Forwarded-Proto (the nearest proxy's entry, the last one). A client's own header is not believed.
 * @param {{ socket: { remoteAddress?: string, encrypted?: boolean }, headers: Record<string, string | string[] | undefined> }} req
 * @param {ReturnType<typeof parseTrustedProxies>} trusted
 */
export function isHttps(req, trusted) {
  if (req.socket.encrypted) return true;
  const peer = normalise(req.socket.remoteAddress);
  if (!trusted || !peer || !trusted.trust(peer, 0)) return false;
  const raw = req.headers["x-forwarded-proto"];
  const last = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",").map((s) => s.trim().toLowerCase()).filter(Boolean).pop();
  return last === "https";
}
