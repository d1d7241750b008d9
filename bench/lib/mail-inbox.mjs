// The inbox of bench/journeys.mjs: the mail catcher the end-to-end tests and `npm run demo` use
// (maildev, e2e/fixtures/mail-inbox.mjs), on loopback, read through its REST API (/api/email) as
// e2e/fixtures/inbox.ts reads it.
import { MailDev } from "maildev";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts maildev with its SMTP server on `smtpPort` and its web API on `webPort` (127.0.0.1 only). */
export async function startInbox({ smtpPort, webPort }) {
  const inbox = new MailDev({ smtp: smtpPort, web: webPort, ip: "127.0.0.1", webIp: "127.0.0.1", silent: true, verbose: false });
  // Its API server says where it listens on stdout whatever `silent` says: kept out of the bench's table.
  const info = console.info;
  console.info = () => {};
  try {
    await inbox.start();
  } finally {
    console.info = info;
  }
  const api = `http://127.0.0.1:${webPort}/api/email`;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    /** The newest mail to `to` whose subject matches, polled every 50 ms until it arrives (30 s at most). */
    async mailTo(to, subject, { timeoutMs = 30_000 } = {}) {
      const until = performance.now() + timeoutMs;
      while (performance.now() < until) {
        const mails = await (await fetch(api)).json();
        const found = mails
          .filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject))
          .sort((a, b) => String(b.time).localeCompare(String(a.time)))[0];
        if (found) return found;
        await sleep(50);
      }
      throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs / 1000} s`);
    },
    stop: () => inbox.stop(),
  };
}

/** The six-digit code of a verification mail ("Your code is 123456."). */
export function codeIn(mail) {
  const code = /Your code is ([0-9]{6})\./.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

/** The first link in a mail's text to the site's `path` (e.g. "/verify-email"). */
export function linkIn(mail, path) {
  const link = mail.text.split(/\s+/).find((word) => word.includes(`${path}?token=`));
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  return link;
}
