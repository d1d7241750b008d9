import { describe, expect, it } from "vitest";
import { getEnv } from "@/lib/env";
import { mailboxHash, normaliseMailbox } from "@/lib/votes/mailbox";

describe("normaliseMailbox", () => {
  it("lower-cases, cuts the +tag, and for Gmail drops the dots and reads googlemail.com as gmail.com", () => {
    expect(normaliseMailbox(" Name+Polls@Example.ORG ")).toBe("name@example.org");
    expect(normaliseMailbox("name+a+b@example.org")).toBe("name@example.org");
    expect(normaliseMailbox("first.last@example.org")).toBe("first.last@example.org");
    expect(normaliseMailbox("First.Last+x@GMAIL.com")).toBe("firstlast@gmail.com");
    expect(normaliseMailbox("f.i.r.s.t.last@googlemail.com")).toBe("firstlast@gmail.com");
    expect(normaliseMailbox("name@example.org.")).toBe("name@example.org");
    // A local part that would be left empty keeps what it has.
    expect(normaliseMailbox("+only@example.org")).toBe("+only@example.org");
    expect(normaliseMailbox("...@gmail.com")).toBe("...@gmail.com");
  });
});

describe("mailboxHash", () => {
  it("is one keyed hash per mailbox, prefixed with the key's id, never the address", () => {
    const a = mailboxHash("jane.doe@gmail.com");
    expect(a).toMatch(/^[0-9a-f]{8}:[A-Za-z0-9_-]{22}$/);
    for (const same of ["JaneDoe@gmail.com", "jane.doe+survey@googlemail.com", "j.a.n.e.d.o.e@GoogleMail.com"]) expect(mailboxHash(same)).toBe(a);
    expect(mailboxHash("jane.doe@example.org")).not.toBe(a);
    expect(mailboxHash("name+x@example.org")).toBe(mailboxHash("name@example.org"));
    expect(mailboxHash("name@example.org")).not.toBe(mailboxHash("name2@example.org"));
    expect(a).not.toContain("jane");
  });

  it("depends on the site's secret: without it a hash cannot be tested against guessed addresses", () => {
    const before = mailboxHash("name@example.org");
    const env = getEnv();
    const kept = env.AUTH_SECRET;
    try {
      env.AUTH_SECRET = `${kept}-another`;
      const after = mailboxHash("name@example.org");
      expect(after).not.toBe(before);
      expect(after.split(":")[0]).not.toBe(before.split(":")[0]);
    } finally {
      env.AUTH_SECRET = kept;
    }
    expect(mailboxHash("name@example.org")).toBe(before);
  });
});
