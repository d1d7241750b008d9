// The client-address decision of the production server (runs in the ordinary `npm test`).
import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClientAddress } from "./client-address.mjs";

describe("client address", () => {
  it("is the connection's address when no proxy is trusted, whatever the headers claim", () => {
    const none = parseTrustedProxies(undefined);
    expect(resolveClientAddress("10.1.2.3", "203.0.113.9", none)).toBe("10.1.2.3");
    expect(resolveClientAddress("::ffff:10.1.2.3", "1.1.1.1, 2.2.2.2", none)).toBe("10.1.2.3");
    expect(resolveClientAddress("10.1.2.3", undefined, parseTrustedProxies("0"))).toBe("10.1.2.3");
  });

  it("believes exactly the trusted hops", () => {
    const one = parseTrustedProxies("1");
    // A client behind our one proxy: the proxy appended the client's real address.
    expect(resolveClientAddress("10.0.0.5", "198.51.100.7", one)).toBe("198.51.100.7");
    // The client forged an entry in front: the proxy's appended entry still wins.
    expect(resolveClientAddress("10.0.0.5", "6.6.6.6, 198.51.100.7", one)).toBe("198.51.100.7");
    // Two proxies (CDN then load balancer).
    expect(resolveClientAddress("10.0.0.5", "6.6.6.6, 198.51.100.7, 10.0.0.9", parseTrustedProxies("2"))).toBe("198.51.100.7");
    // Fewer entries than hops: the furthest one we have.
    expect(resolveClientAddress("10.0.0.5", undefined, one)).toBe("10.0.0.5");
  });

  it("walks past listed proxy addresses and CIDRs, and only those", () => {
    const list = parseTrustedProxies("10.0.0.0/8, 192.0.2.1, ::1");
    expect(resolveClientAddress("10.0.0.5", "6.6.6.6, 198.51.100.7, 192.0.2.1", list)).toBe("198.51.100.7");
    expect(resolveClientAddress("::1", "198.51.100.8", list)).toBe("198.51.100.8");
    // A direct client (not a listed proxy) cannot choose its address with the header.
    expect(resolveClientAddress("198.51.100.50", "6.6.6.6", list)).toBe("198.51.100.50");
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.example")).toThrow(/not an IP address/);
  });
});
