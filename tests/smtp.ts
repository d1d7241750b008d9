// A real SMTP server in the test process (the `smtp-server` package), for tests of what the product
// mails: every message it accepts is parsed (mailparser) and kept, so a test reads the mail that
// arrived, its links and headers, as a person's inbox would. It can refuse attempts on purpose
// (`failFirst`, `failRate`) with a temporary SMTP error, as a relay in trouble does.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail["headers"];
  /** A header's raw value as sent (mailparser parses some headers, such as List-*, into objects). */
  header(name: string): string | undefined;
};

export type TestSmtp = {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Attempts the server refused so far. */
  refused: number;
  /** Connections that ended in an error (a client killed mid-send). */
  connectionErrors: number;
  /** Refuse the next `n` attempts (451). */
  failFirst(n: number): void;
  /** Refuse this share of attempts at random from now on (0 to stop). */
  failRate(rate: number): void;
  /** Hold every reply from now on (a relay that has stopped answering) until `release`. */
  hold(): void;
  /** Send the held replies, and answer at once from now on. */
  release(): void;
  /** The first mail to `to` (and matching `subject` if given) that arrives, waiting for it. */
  waitForMail(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** The first link in a mail's text starting with `prefix`. */
  linkIn(mail: ReceivedMail, prefix: string): string;
  close(): Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let failNext = 0;
  let rate = 0;
  // Replies held while the relay is on hold (`hold`), sent by `release`.
  let held: (() => void)[] | null = null;
  const closed = new Set<string>();
  const self = { refused: 0, connectionErrors: 0 } as TestSmtp;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, done) {
      const reply = (send: () => void) => (held ? held.push(send) : send());
      const callback = (error?: Error | null) => reply(() => done(error));
      const refuse = failNext > 0 || (rate > 0 && Math.random() < rate);
      if (refuse) {
        if (failNext > 0) failNext--;
        self.refused++;
        stream.resume();
        stream.on("end", () => {
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
        });
        return;
      }
      // A mail counts as delivered when the relay acknowledges it (its 250 reply), as SMTP has it: a
      // client killed while the relay holds the reply never learns of it and rightly sends it again.
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          const mail: ReceivedMail = {
            to: to?.value[0]?.address ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            headers: parsed.headers,
            header: (name: string) => {
              const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
              return line?.slice(line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim();
            },
          };
          reply(() => {
            // Its client gone (killed while the reply was held): the reply reaches nobody.
            if (!closed.has(session.id)) mails.push(mail);
            done();
          });
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client that dies mid-conversation (a server killed while it sends, as a test does on purpose)
  // resets its connection; smtp-server reports that as an "error" event, which must not crash the
  // test process. It is counted, as a relay would log it.
  server.on("error", () => void self.connectionErrors++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(self, {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    failFirst: (n: number) => void (failNext = n),
    failRate: (r: number) => void (rate = r),
    hold: () => void (held ??= []),
    release() {
      const replies = held ?? [];
      held = null;
      for (const send of replies) send();
    },
    async waitForMail(to: string, subject?: RegExp, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ""} arrived (${mails.length} others did)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    linkIn(mail: ReceivedMail, prefix: string) {
      const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
      if (!link) throw new Error(`No link starting with ${prefix} in the mail "${mail.subject}"`);
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
