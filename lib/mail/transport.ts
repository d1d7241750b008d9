import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/lib/env";

let current: { url: string; transporter: Transporter } | undefined;

/** The SMTP connection pool for SMTP_URL (null when mail is not configured). */
export function smtpTransport(): Transporter | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  if (current?.url !== url) {
    current?.transporter.close();
    current = {
      url,
      transporter: nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: 3,
        // A relay that hangs must not hold a claimed mail past its lease (lib/mail/outbox.ts).
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    };
  }
  return current.transporter;
}

/** Whether mail is configured: the verification rule and the mail-sending features depend on it. */
export const mailConfigured = () => Boolean(getEnv().SMTP_URL);

export function closeSmtpTransport() {
  current?.transporter.close();
  current = undefined;
}
