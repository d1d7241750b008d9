// The second factor's rules that need no route: which roles must have one, how recent a proof counts,
// the shape of recovery codes as typed, the otpauth address, the stored secret's encryption, and the
// purge of sign-in tickets past their minutes.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { secondFactorTickets } from "@/models";
import { createUser } from "@/tests/factories";
import {
  encryptTotpSecret,
  hasRecentSecondFactor,
  normalizeRecoveryCode,
  otpauthUrl,
  purgeExpiredTickets,
  RECENT_SECOND_FACTOR_MINUTES,
  secondFactorRequired,
} from "./second-factor";

vi.hoisted(() => {
  // Read once by getEnv().
  process.env.REQUIRE_ADMIN_SECOND_FACTOR = "true";
  process.env.REQUIRE_SURVEYOR_SECOND_FACTOR = "false";
});

describe("the second factor's rules", () => {
  it("is required of the roles the environment names", () => {
    expect(secondFactorRequired("admin")).toBe(true);
    expect(secondFactorRequired("surveyor")).toBe(false);
    expect(secondFactorRequired("pro_user")).toBe(false);
    expect(secondFactorRequired("user")).toBe(false);
  });

  it("counts a proof as recent for 10 minutes", () => {
    expect(RECENT_SECOND_FACTOR_MINUTES).toBe(10);
    expect(hasRecentSecondFactor({ secondFactorAt: null })).toBe(false);
    expect(hasRecentSecondFactor({ secondFactorAt: new Date(Date.now() - 9 * 60_000) })).toBe(true);
    expect(hasRecentSecondFactor({ secondFactorAt: new Date(Date.now() - 11 * 60_000) })).toBe(false);
  });

  it("reads a recovery code in any case, with or without its dash and spaces; nothing else", () => {
    for (const typed of ["abcde-fghjk", "ABCDE-FGHJK", " abcdefghjk ", "abcde fghjk"]) expect(normalizeRecoveryCode(typed)).toBe("abcdefghjk");
    // Letters left out of the alphabet (0, 1, i, l, o), a wrong length.
    for (const typed of ["abcde-fghj0", "abcde-fghjl", "abcde-fghj", "abcde-fghjkm", "123456"]) expect(normalizeRecoveryCode(typed)).toBeNull();
  });

  it("writes the otpauth address authenticator apps read", () => {
    expect(otpauthUrl("ann+x@example.test", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe(
      "otpauth://totp/OPINEX:ann%2Bx%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=OPINEX&algorithm=SHA1&digits=6&period=30",
    );
  });

  it("encrypts the secret with a new IV each time, as v1.<iv>.<tag>.<ciphertext>", () => {
    const a = encryptTotpSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "a0000000-0000-4000-8000-000000000001");
    const b = encryptTotpSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "a0000000-0000-4000-8000-000000000001");
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DP");
  });

  it("purges the sign-in tickets past their minutes, not the others", async () => {
    const user = await createUser();
    const db = await getDb();
    await db.insert(secondFactorTickets).values([
      { userId: user.id, tokenHash: `expired-${user.id}`, method: "google", expiresAt: new Date(Date.now() - 60_000) },
      { userId: user.id, tokenHash: `live-${user.id}`, method: "google", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    expect(await purgeExpiredTickets()).toBeGreaterThanOrEqual(1);
    expect((await db.select({ tokenHash: secondFactorTickets.tokenHash }).from(secondFactorTickets).where(eq(secondFactorTickets.userId, user.id))).map((t) => t.tokenHash)).toEqual([`live-${user.id}`]);
  });
});
