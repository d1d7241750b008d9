import "server-only";
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { getEnv } from "@/lib/env";

// Where a webhook may be sent (docs/webhooks.md "Addresses"). A surveyor chooses the URL, and the
// server makes the request: without these rules any surveyor could make it call the cloud's metadata
// service, a database's HTTP port or an admin panel on the private network (SSRF). So a URL must be
// https, carry no credentials, and its host must resolve to public addresses only; the host is checked
// when the endpoint is added (an IP literal or `localhost`) and resolved again at every delivery, which
// then connects to the very address it checked (./send.ts pins it), so a DNS answer that changes
// between the check and the connection (rebinding) cannot reach an internal address.
//
// WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE (lib/env.mjs) relax the two rules for an intranet and
// for tests; even then an unspecified, multicast or broadcast address is never a destination.

export type AddressPolicy = { allowHttp: boolean; allowPrivate: boolean };

export const addressPolicy = (): AddressPolicy => ({ allowHttp: getEnv().WEBHOOK_ALLOW_HTTP, allowPrivate: getEnv().WEBHOOK_ALLOW_PRIVATE });

/** Ranges that are no host at all: refused whatever the policy (0.0.0.0 even reaches this machine on Linux). */
const NEVER = new Set(["unspecified", "multicast", "broadcast"]);

/**
 * Why `address` (an IPv4 or IPv6 address, as DNS answers it) may not be a webhook's destination, or
 * null when it may. Without `allowPrivate` only public unicast addresses pass: loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the 169.254.169.254 metadata service,
 * fe80::/10), unique-local (fc00::/7), CGNAT (100.64/10), reserved and documentation ranges, and every
 * IPv6 form that carries an IPv4 address (mapped, NAT64, 6to4, Teredo) are refused. Makes no connection.
 */
export function refusedAddress(address: string, policy: Pick<AddressPolicy, "allowPrivate">): string | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(bare)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(bare);
  // ::ffff:127.0.0.1 is 127.0.0.1 to the network stack: judged as the IPv4 address it is.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (NEVER.has(range)) return `${address} is not a host (${range})`;
  if (range === "unicast" || policy.allowPrivate) return null;
  return `${address} is an internal address (${range})`;
}

/** A URL's host without IPv6 brackets, and whether it is an IP literal. */
function hostOf(url: URL): { host: string; literal: boolean } {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return { host, literal: ipaddr.isValid(host) };
}

/** Names that always mean this machine, whatever DNS says (RFC 6761). */
const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * Why an endpoint URL is refused when it is added, or null. The zod schema has checked that it is an
 * absolute http(s) URL within the length; here the site's policy: https (http only with
 * WEBHOOK_ALLOW_HTTP), no user or password in it, no fragment, and no host that is known to be internal
 * without a lookup (an internal IP literal, `localhost`) unless WEBHOOK_ALLOW_PRIVATE.
 */
export function refusedUrl(value: string, policy: AddressPolicy = addressPolicy()): string | null {
  const url = new URL(value);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) return "url must be an https:// URL";
  if (url.username || url.password) return "url cannot contain a user name or password";
  if (url.hash) return "url cannot contain a #fragment";
  const { host, literal } = hostOf(url);
  if (!policy.allowPrivate && isLocalName(host)) return "url cannot point to this server (localhost)";
  const refused = literal ? refusedAddress(host, policy) : null;
  return refused ? `url's host ${refused}` : null;
}

export class RefusedDestination extends Error {}

/** The address a delivery connects to: resolved now, every answer checked. */
export type Destination = { url: URL; address: string; family: 4 | 6 };

/** Every address of a host name, as the system resolver answers (`dns.lookup`, so /etc/hosts counts). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Resolves a delivery's URL and checks every address its host has (one internal address among public
 * ones is refused too: the connection could use it). Throws `RefusedDestination` with the reason.
 */
export async function resolveDestination(value: string, policy: AddressPolicy = addressPolicy(), resolve: Resolver = systemResolver): Promise<Destination> {
  const refusedAtCreation = refusedUrl(value, policy);
  if (refusedAtCreation) throw new RefusedDestination(refusedAtCreation);
  const url = new URL(value);
  const { host, literal } = hostOf(url);
  let answers: { address: string; family: number }[];
  if (literal) answers = [{ address: host, family: ipaddr.parse(host).kind() === "ipv4" ? 4 : 6 }];
  else {
    try {
      answers = await resolve(host);
    } catch (error) {
      throw new RefusedDestination(`${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? "DNS error"})`);
    }
  }
  if (answers.length === 0) throw new RefusedDestination(`${host} has no address`);
  for (const answer of answers) {
    const refused = refusedAddress(answer.address, policy);
    if (refused) throw new RefusedDestination(literal ? refused : `${host} resolves to ${refused}`);
  }
  const [first] = answers;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
