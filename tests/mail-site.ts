// A test file whose site sends mail: a real SMTP server in the test process (tests/smtp.ts), the
// site's mail pointed at it and its links built on http://localhost:3000, the inbox emptied before
// each test and the server closed after the file. Call it at the top of the file, before the product's
// modules are imported (they read the configuration when first loaded):
//
//   const { smtp, inbox, tokenIn } = await mailSite();
//   const { forgot } = await mailRoutes();
import { eq } from "drizzle-orm";
import { afterAll, beforeEach } from "vitest";
import { startTestSmtp, type ReceivedMail, type TestSmtp } from "@/tests/smtp";

export const SITE_URL = "http://localhost:3000";

export type MailSite = {
  smtp: TestSmtp;
  /** Sends what the outbox holds and answers the first mail that reached `to` (matching `subject`). */
  inbox(to: string, subject?: RegExp): Promise<ReceivedMail>;
  /** The token of the first link to `page` (`verify-email`, `reset-password`, …) in the mail that reached `to`. */
  tokenIn(to: string, page: string, subject?: RegExp): Promise<string>;
};

export async function mailSite(options: { logLevel?: string } = {}): Promise<MailSite> {
  const smtp = await startTestSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.AUTH_URL = SITE_URL;
  process.env.LOG_LEVEL = options.logLevel ?? "warn";
  afterAll(() => smtp.close());
  beforeEach(() => {
    smtp.mails.length = 0;
  });
  const inbox = async (to: string, subject?: RegExp) => {
    const { deliverDueMail } = await import("@/lib/mail/outbox");
    await deliverDueMail();
    return smtp.waitForMail(to, subject);
  };
  const tokenIn = async (to: string, page: string, subject?: RegExp) =>
    tokenOf(smtp.linkIn(await inbox(to, subject), `${SITE_URL}/${page}?token=`));
  return { smtp, inbox, tokenIn };
}

/** The `token` parameter of a mailed link. */
export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/**
 * A new client address per call, as `X-Forwarded-For` headers, in the IPv4 range `prefix` (for
 * example "10.88"): each request gets the per-client limits of a client of its own.
 */
export function clientAddresses(prefix: string): () => { "x-forwarded-for": string } {
  let n = 0;
  return () => ({ "x-forwarded-for": `${prefix}.${Math.floor(n / 200)}.${n++ % 200}` });
}

/**
 * The route handlers a mail flow goes through (asking for a mail, then following its link), loaded
 * on first call: call it after `mailSite()`, once the configuration is set.
 */
export async function mailRoutes() {
  return {
    register: (await import("@/app/api/register/route")).POST,
    forgot: (await import("@/app/api/password/forgot/route")).POST,
    reset: (await import("@/app/api/password/reset/route")).POST,
    changeEmail: (await import("@/app/api/me/email/route")).POST,
    changePassword: (await import("@/app/api/me/password/route")).POST,
    resend: (await import("@/app/api/me/verification-email/route")).POST,
    adminResend: (await import("@/app/api/users/[id]/verification-email/route")).POST,
    me: (await import("@/app/api/me/route")).GET,
    vote: (await import("@/app/api/vote/[id]/route")).PUT,
  };
}

/** Makes a mailed link's token unused again, as a link its retirement missed would be. */
export async function reopenLink(token: string) {
  const { getDb } = await import("@/lib/db");
  const { emailTokens } = await import("@/models");
  const db = await getDb();
  await db.update(emailTokens).set({ usedAt: null }).where(eq(emailTokens.id, token.split(".")[0]));
}
