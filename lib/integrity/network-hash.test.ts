import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { networkHash, networkOf } from "@/lib/integrity/network-hash";
import { registerUser } from "@/lib/accounts/users";
import { users } from "@/models";
import { pngBytes } from "@/tests/images";

describe("networkOf", () => {
  it("keeps the /24 of IPv4 and the /48 of IPv6; an unreadable address has none", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:abcd:12:1::5")).toBe("2001:db8:abcd::/48");
    expect(networkOf("[2001:db8:abcd:ffff::1]")).toBe("2001:db8:abcd::/48");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0::/48");
    for (const bad of ["unknown", "", "999.1.1.1", "1.2.3", "not an address"]) expect(networkOf(bad)).toBeNull();
  });
});

describe("networkHash", () => {
  it("is one keyed hash per network (never the address), prefixed with the key's id", () => {
    const a = networkHash("203.0.113.1");
    expect(a).toMatch(/^[0-9a-f]{8}:[A-Za-z0-9_-]{22}$/);
    expect(networkHash("203.0.113.254")).toBe(a);
    expect(networkHash("203.0.114.1")).not.toBe(a);
    expect(a).not.toContain("203");
    expect(networkHash("unknown")).toBeNull();
  });

  it("stores the sign-up network of a password registration", async () => {
    const { id } = await registerUser(
      { name: "Net Worker", email: `net-${Date.now()}@example.test`, password: "correct horse battery" } as never,
      await pngBytes(),
      "198.51.100.23",
    );
    const db = await getDb();
    const [row] = await db.select({ network: users.signupNetwork }).from(users).where(eq(users.id, id));
    expect(row.network).toBe(networkHash("198.51.100.99"));
  });
});
