import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/types";
import { siteUrl } from "@/lib/seo";
import { mailLink } from "./i18n";

// One-click unsubscribe links: `{user id}.{kind}.{signature}`, signed with a key derived from
// AUTH_SECRET, so they work without signing in and a forged or altered one is refused. They never
// expire (an old mail's link must still work) and do one harmless thing: turn one kind of mail off.

export const MAIL_PREFERENCES = ["results", "survey-news", "sign-in"] as const;
export type MailPreference = (typeof MAIL_PREFERENCES)[number];

export const PREFERENCE_LABELS: Record<MailPreference, string> = {
  results: "the results of surveys you asked to hear about",
  "survey-news": "news of your own surveys (closed, unpublished)",
  "sign-in": "sign-ins to your account from a new browser",
};

/** The account page's name of each preference (`PATCH /api/me/mail-preferences`). */
export const PREFERENCE_FIELDS = { results: "results", "survey-news": "surveyNews", "sign-in": "signInNotices" } as const satisfies Record<MailPreference, string>;

function signature(data: string): string {
  const key = createHmac("sha256", getEnv().AUTH_SECRET).update("opinex unsubscribe v1").digest();
  return createHmac("sha256", key).update(data).digest("base64url");
}

export function unsubscribeToken(userId: string, kind: MailPreference): string {
  return `${userId}.${kind}.${signature(`${userId}.${kind}`)}`;
}

/** The person and kind of a valid token; null for anything else. */
export function readUnsubscribeToken(token: string): { userId: string; kind: MailPreference } | null {
  if (token.length > 200) return null;
  const [userId, kind, given, ...rest] = token.split(".");
  if (rest.length || !userId || !kind || !given || !isUuid(userId) || !(MAIL_PREFERENCES as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(signature(`${userId}.${kind}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, kind: kind as MailPreference };
}

/**
 * The page a person opens from the mail's footer, in the mail's language (it asks before changing
 * anything: link scanners open links), and the headers of RFC 2369 and RFC 8058 with which a mail
 * program unsubscribes in one click (a POST to the API address, which has no language).
 */
export function unsubscribeLinks(userId: string, kind: MailPreference, locale: Locale) {
  const token = encodeURIComponent(unsubscribeToken(userId, kind));
  return {
    page: mailLink(locale, `/unsubscribe?token=${token}`),
    headers: {
      "List-Unsubscribe": `<${siteUrl()}/api/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
