import { describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { limitMax } from "@/lib/limits/apply";
import { saveContactMessage } from "@/lib/contact/contact";
import { authenticateWithPassword } from "@/lib/accounts/users";
import { createUser } from "@/tests/factories";
import { clientAddress, clientKey, LOOPBACK_CLIENT } from "./client-address";

const THROTTLE_MAX_FAILURES = limitMax("signIn.account");
const CONTACT_MAX_PER_HOUR = limitMax("contact.client");

describe("clientKey: what a per-client limit counts by", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["203.0.113.8", "203.0.113.8"],
    // IPv4-mapped IPv6 is its IPv4.
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    // One IPv6 /64, however written.
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0000:0000:0000:0009", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::5]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    // All of loopback is one client.
    ["127.0.0.1", LOOPBACK_CLIENT],
    ["127.200.13.9", LOOPBACK_CLIENT],
    ["::1", LOOPBACK_CLIENT],
    ["::ffff:127.0.0.2", LOOPBACK_CLIENT],
    // Not an address: kept as it is (and never widened).
    ["unknown", "unknown"],
    ["127.1", "127.1"],
    ["0x7f.0.0.1", "0x7f.0.0.1"],
  ])("%s → %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
    // Applying it again changes nothing.
    expect(clientKey(key)).toBe(key);
  });

  it("reads the address the production server put in X-Forwarded-For", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "2001:db8::1" }))).toBe("2001:db8::1");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});

describe("per-client limits count a network, not an address", () => {
  it("two addresses of one IPv6 /64 share one sign-in budget; the next /64 has its own", async () => {
    for (let i = 0; i < THROTTLE_MAX_FAILURES; i++) {
      expect(await authenticateWithPassword({ email: `v6-spray-${i}@example.test`, password: "guess" }, `2001:db8:aa:1::${(i + 1).toString(16)}`)).toBeNull();
    }
    const person = await createUser({ email: "v6-person@example.test", passwordHash: await hashPassword("right-password") });
    const credentials = { email: person.email, password: "right-password" };
    await expect(authenticateWithPassword(credentials, "2001:db8:aa:1:9999:8888:7777:6666")).rejects.toMatchObject({ status: 429 });
    expect(await authenticateWithPassword(credentials, "2001:db8:aa:2::1")).toMatchObject({ id: person.id });
  });

  it("every loopback address, and IPv4 mapped into IPv6, is one client for the contact form", async () => {
    const addresses = ["127.0.0.1", "::1", "127.0.0.2", "::ffff:127.0.0.3", "127.9.9.9"];
    for (let i = 0; i < CONTACT_MAX_PER_HOUR; i++) {
      await saveContactMessage({ name: "Lo", email: `lo-${i}@example.test`, message: "Hello there, a message." }, addresses[i % addresses.length]);
    }
    await expect(
      saveContactMessage({ name: "Lo", email: "lo-last@example.test", message: "Hello there, a message." }, "127.0.0.77"),
    ).rejects.toMatchObject({ status: 429 });
  });
});
