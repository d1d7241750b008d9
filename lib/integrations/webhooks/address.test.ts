// The address rules of webhook deliveries, judged without connecting anywhere: internal addresses of
// every kind refused, public ones let through, the two switches, and the URL rules at creation.
import { describe, expect, it } from "vitest";
import { refusedAddress, refusedUrl, resolveDestination, RefusedDestination } from "./address";

const strict = { allowHttp: false, allowPrivate: false };
const intranet = { allowHttp: true, allowPrivate: true };

describe("which addresses a delivery may reach", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["fd00::1", "uniqueLocal"],
    ["fc00::5", "uniqueLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.1", "carrierGradeNat"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["64:ff9b::7f00:1", "rfc6052"],
    ["2002:7f00:1::", "6to4"],
    ["2001::1", "teredo"],
    ["100::1", "discard"],
  ])("refuses %s (%s)", (address, range) => {
    expect(refusedAddress(address, strict)).toBe(`${address} ${["unspecified", "broadcast", "multicast"].includes(range) ? "is not a host" : "is an internal address"} (${range})`);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.215.14", "2606:4700:4700::1111", "2a00:1450:4007:80e::200e", "::ffff:8.8.8.8"])("lets the public address %s through", (address) => {
    expect(refusedAddress(address, strict)).toBeNull();
  });

  it("with WEBHOOK_ALLOW_PRIVATE lets internal addresses through, but never one that is no host", () => {
    for (const address of ["127.0.0.1", "::1", "10.0.0.1", "192.168.1.1", "169.254.169.254", "fd00::1", "fe80::1", "100.64.0.1", "::ffff:127.0.0.1"]) {
      expect(refusedAddress(address, intranet), address).toBeNull();
    }
    for (const address of ["0.0.0.0", "::", "255.255.255.255", "224.0.0.1", "ff02::1"]) expect(refusedAddress(address, intranet), address).toMatch(/is not a host/);
  });

  it("refuses what is not an IP address", () => {
    expect(refusedAddress("example.com", strict)).toBe("example.com is not an IP address");
    expect(refusedAddress("", strict)).toBe(" is not an IP address");
  });
});

describe("the URL of a new endpoint", () => {
  it("must be https, without credentials or fragment", () => {
    expect(refusedUrl("https://hooks.example.com/opinex?x=1", strict)).toBeNull();
    expect(refusedUrl("http://hooks.example.com/opinex", strict)).toBe("url must be an https:// URL");
    expect(refusedUrl("http://hooks.example.com/opinex", { ...strict, allowHttp: true })).toBeNull();
    expect(refusedUrl("https://ann:secret@hooks.example.com/", strict)).toBe("url cannot contain a user name or password");
    expect(refusedUrl("https://ann@hooks.example.com/", strict)).toBe("url cannot contain a user name or password");
    expect(refusedUrl("https://hooks.example.com/#top", strict)).toBe("url cannot contain a #fragment");
  });

  it.each([
    "https://127.0.0.1/",
    "https://[::1]:8443/hook",
    "https://10.0.0.1/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://100.64.0.1/",
    // Every spelling of an IPv4 address a URL parser accepts is its dotted form by then.
    "https://2130706433/",
    "https://0x7f.0.0.1/",
    "https://017700000001/",
    "https://0.0.0.0/",
  ])("refuses the internal host of %s", (url) => {
    expect(refusedUrl(url, strict)).toMatch(/^url's host .* is (an internal address|not a host)/);
  });

  it("refuses localhost by name, and lets internal hosts through with WEBHOOK_ALLOW_PRIVATE", () => {
    expect(refusedUrl("https://localhost:3000/", strict)).toBe("url cannot point to this server (localhost)");
    expect(refusedUrl("https://api.localhost/", strict)).toBe("url cannot point to this server (localhost)");
    expect(refusedUrl("http://localhost:3000/", intranet)).toBeNull();
    expect(refusedUrl("http://127.0.0.1:3000/", intranet)).toBeNull();
    expect(refusedUrl("http://0.0.0.0:3000/", intranet)).toMatch(/is not a host/);
  });
});

describe("the destination of a delivery", () => {
  it("resolves the host and refuses every internal answer, without connecting", async () => {
    // localhost resolves from the hosts file: no DNS query leaves the machine.
    await expect(resolveDestination("https://localhost/", { ...strict, allowPrivate: false })).rejects.toThrow(RefusedDestination);
    await expect(resolveDestination("https://127.0.0.1/", strict)).rejects.toThrow("url's host 127.0.0.1 is an internal address (loopback)");
    await expect(resolveDestination("http://example.com/", strict)).rejects.toThrow("url must be an https:// URL");
    expect(await resolveDestination("http://127.0.0.1:9/x", intranet)).toMatchObject({ address: "127.0.0.1", family: 4 });
    expect(await resolveDestination("http://[::1]:9/x", intranet)).toMatchObject({ address: "::1", family: 6 });
    // A literal public address needs no lookup, and is pinned as it is.
    expect(await resolveDestination("https://93.184.215.14/hook", strict)).toMatchObject({ address: "93.184.215.14", family: 4 });
  });
});
