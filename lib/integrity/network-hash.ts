import "server-only";
import { createHmac } from "node:crypto";
import ipaddr from "ipaddr.js";
import { getEnv } from "@/lib/env";

// The network a request came from, kept only as a keyed hash (HMAC-SHA-256): the /24 of an IPv4
// address, the /48 of an IPv6 one. The integrity panel compares these hashes for equality (many
// sign-ups from one network); the address itself is never stored, and without the key a hash cannot
// be tested against guessed networks.
//
// Stored as `<key id>:<hash>`. The key id is a short fingerprint of the key, so hashes made with
// different keys never compare equal: after NETWORK_HASH_KEY changes, new hashes simply stop matching
// old ones (no re-hashing, no second key to keep), and once the old key is gone the old hashes cannot
// be linked to any network at all.

const KEY_LABEL = "opinex network hash key v1";
const KEY_ID_LABEL = "opinex network hash key id";
/** Hex characters of the key fingerprint; bytes of the HMAC kept (128 bits: no accidental collisions). */
const KEY_ID_LENGTH = 8;
const HASH_BYTES = 16;

let derived: { secret: string; key: Buffer; id: string } | undefined;

/** NETWORK_HASH_KEY, or a key derived from AUTH_SECRET under its own label (zero configuration). */
function hashKey() {
  const env = getEnv();
  const secret = env.NETWORK_HASH_KEY ?? `auth-secret:${env.AUTH_SECRET}`;
  if (derived?.secret !== secret) {
    const key = env.NETWORK_HASH_KEY
      ? Buffer.from(env.NETWORK_HASH_KEY, "utf8")
      : createHmac("sha256", env.AUTH_SECRET).update(KEY_LABEL).digest();
    const id = createHmac("sha256", key).update(KEY_ID_LABEL).digest("hex").slice(0, KEY_ID_LENGTH);
    derived = { secret, key, id };
  }
  return derived;
}

/**
 * The network of an address as text: `a.b.c.0/24` for IPv4 (also IPv4 mapped into IPv6), the first
 * three groups and `::/48` for IPv6; null when the address cannot be read ("unknown").
 */
export function networkOf(address: string): string | null {
  const text = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // Strictly four-part dotted IPv4 ("1.2.3" and "0x7f.1" are not addresses a proxy reports).
  if (text.includes(":") ? !ipaddr.IPv6.isValid(text) : !ipaddr.IPv4.isValidFourPartDecimal(text)) return null;
  let parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv4") {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  return `${parts.slice(0, 3).map((p) => p.toString(16)).join(":")}::/48`;
}

/** The stored form of a client address's network (`<key id>:<hash>`); null for an unreadable address. */
export function networkHash(address: string): string | null {
  const network = networkOf(address);
  if (!network) return null;
  const { key, id } = hashKey();
  return `${id}:${createHmac("sha256", key).update(network).digest().subarray(0, HASH_BYTES).toString("base64url")}`;
}
