// The page of a mailed reset link checks the link before it shows the form: a used, expired or broken
// link says so at once, with the way to a new one, and no form to fill in for nothing.
import { eq, sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { RESET_LINK_MESSAGES } from "@/lib/accounts/account-email";
import { issueEmailToken } from "@/lib/auth/email-tokens";
import { getDb } from "@/lib/db";
import { emailTokens } from "@/models";
import { propsNamed } from "@/tests/element-text";
import { createUser } from "@/tests/factories";
import { inLocale } from "@/tests/intl";
import Page, { generateMetadata } from "./page";

const searchParams = (token?: string) => Promise.resolve(token === undefined ? {} : { token });
const open = (token?: string, locale = "en") => Page({ searchParams: searchParams(token), params: Promise.resolve({ locale }) });

async function resetToken() {
  const person = await createUser();
  const db = await getDb();
  const token = await db.transaction((tx) => issueEmailToken(tx, { userId: person.id, purpose: "reset_password", email: person.email }));
  return { token, id: token.split(".")[0] };
}

/** Whether the page holds the form (a client component: found by its element, not rendered). */
const hasForm = (page: unknown): boolean => JSON.stringify(page, (_, v) => (v === ResetPasswordForm ? "<ResetPasswordForm>" : v)).includes("<ResetPasswordForm>");

describe("/reset-password", () => {
  it("shows the form for a link that can still set a password", async () => {
    const { token } = await resetToken();
    const page = await open(token);
    expect(hasForm(page)).toBe(true);
    expect(propsNamed(page, "title")[0]).toMatchObject({ title: "Choose a new password" });
    expect((await generateMetadata({ searchParams: searchParams(token) })).title).toBe("Choose a new password");
  });

  it("refuses a used, an expired, a forged and a missing link at once, with the way to a new one instead of the form", async () => {
    const db = await getDb();
    const used = await resetToken();
    await db.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, used.id));
    const expired = await resetToken();
    await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(emailTokens.id, expired.id));
    const forged = `${(await resetToken()).id}.${"A".repeat(43)}`;
    const cases: [string | undefined, string][] = [
      [used.token, RESET_LINK_MESSAGES.used],
      [expired.token, RESET_LINK_MESSAGES.expired],
      [forged, RESET_LINK_MESSAGES.invalid],
      ["not-a-token", RESET_LINK_MESSAGES.invalid],
      [undefined, RESET_LINK_MESSAGES.invalid],
    ];
    for (const [token, message] of cases) {
      const page = await open(token);
      expect(hasForm(page), String(token)).toBe(false);
      const markup = renderToStaticMarkup(inLocale(page));
      expect(markup).toMatch(/<h1[^>]*>This link did not work<\/h1>/);
      expect(markup).toContain(message.replace(/'/g, "&#x27;"));
      expect(markup).toMatch(/<a [^>]*href="\/forgot-password"[^>]*>Ask for a new link<\/a>/);
      expect(markup).not.toContain("<form");
      expect((await generateMetadata({ searchParams: searchParams(token) })).title).toBe("This link did not work");
    }
  });

  it("says why a link no longer works in the page's language, with the way to a new one there", async () => {
    const db = await getDb();
    const expired = await resetToken();
    await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(emailTokens.id, expired.id));
    const markup = renderToStaticMarkup(inLocale(await open(expired.token, "es"), "es"));
    expect(markup).toMatch(/<h1[^>]*>Este enlace no ha funcionado<\/h1>/);
    expect(markup).toContain("Este enlace para restablecer la contraseña ha caducado (los enlaces funcionan durante 30 minutos). Pide uno nuevo.");
    expect(markup).toMatch(/<a [^>]*href="\/es\/forgot-password"[^>]*>Pedir un enlace nuevo<\/a>/);
    const params = Promise.resolve({ locale: "de" });
    expect((await generateMetadata({ params, searchParams: searchParams(expired.token) })).title).toBe("Dieser Link hat nicht funktioniert");
  });
});
