// Which client address a request comes from, decided once in the server (scripts/start.mjs) from the
// connection and TRUSTED_PROXIES, then handed to the app as the only X-Forwarded-For entry.
import net from "node:net";

/**
 * TRUSTED_PROXIES: unset/empty = trust nobody; a number N = the N nearest hops are our proxies;
 * a comma list of addresses or CIDRs = hops at those addresses are our proxies.
 * @param {string | undefined} value
 * @returns {{ hops: number } | { list: net.BlockList } | null}
 */
export function parseTrustedProxies(value) {
  const text = (value ?? "").trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? null : { hops: Number(text) };
  const list = new net.BlockList();
  for (const entry of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [address, bits] = entry.split("/");
    const family = net.isIPv6(address) ? "ipv6" : net.isIPv4(address) ? "ipv4" : null;
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return { list };
}

/** "::ffff:10.0.0.1" → "10.0.0.1", so one IPv4 proxy matches however the socket reports it. */
function normalise(address) {
  const a = (address ?? "").trim();
  return a.startsWith("::ffff:") && net.isIPv4(a.slice(7)) ? a.slice(7) : a;
}

function inList(list, address) {
  if (net.isIPv4(address)) return list.check(address, "ipv4");
  if (net.isIPv6(address)) return list.check(address, "ipv6");
  return false;
}

/**
 * The client's address: the connection's peer, unless that peer is a trusted proxy, in which case
 * walk X-Forwarded-For from the right (nearest hop first) past every trusted proxy.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {ReturnType<typeof parseTrustedProxies>} trusted
 */
export function resolveClientAddress(socketAddress, forwardedFor, trusted) {
  const peer = normalise(socketAddress) || "unknown";
  if (!trusted) return peer;
  const raw = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [...raw.split(",").map(normalise).filter(Boolean), peer];
  if ("hops" in trusted) {
    // The last `hops` entries (the peer included) are our proxies; the one before them is the client.
    const index = chain.length - 1 - trusted.hops;
    return chain[Math.max(index, 0)];
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!inList(trusted.list, chain[i])) return chain[i];
  }
  return chain[0];
}

/**
 * Whether the connection's peer is one of our proxies (so its X-Forwarded-Proto can be believed).
 * @param {string | undefined} socketAddress
 * @param {ReturnType<typeof parseTrustedProxies>} trusted
 */
export function peerIsTrusted(socketAddress, trusted) {
  if (!trusted) return false;
  if ("hops" in trusted) return trusted.hops > 0;
  return inList(trusted.list, normalise(socketAddress));
}

/**
 * Whether the client reached us over HTTPS: a TLS connection, or a trusted proxy saying so in
 * X-Forwarded-Proto (the nearest proxy's entry, the last one). A client's own header is not believed.
 * @param {{ socket: { remoteAddress?: string, encrypted?: boolean }, headers: Record<string, string | string[] | undefined> }} req
 * @param {ReturnType<typeof parseTrustedProxies>} trusted
 */
export function isHttps(req, trusted) {
  if (req.socket.encrypted) return true;
  if (!peerIsTrusted(req.socket.remoteAddress, trusted)) return false;
  const raw = req.headers["x-forwarded-proto"];
  const last = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",").map((s) => s.trim().toLowerCase()).filter(Boolean).pop();
  return last === "https";
}
