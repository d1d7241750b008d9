// A test file whose site sends mail: a real SMTP server in the test process (tests/smtp.ts), the
// site's mail pointed at it and its links built on http://localhost:3000, the inbox emptied before
// each test and the server closed after the file. Call it at the top of the file, before the product's
// modules are imported (they read the configuration when first loaded):
//
//   const { smtp, inbox, tokenIn } = await mailSite();
//   const { POST: forgot } = await import("@/app/api/password/forgot/route");
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
