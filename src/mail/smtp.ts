import nodemailer from "nodemailer";
import type { MailTransport } from "./outbox.ts";

/** An SMTP transport from `SMTP_URL` (smtp:// with STARTTLS when offered, or smtps://). */
export function smtpTransport(url: string): MailTransport & { close(): void } {
  const t = nodemailer.createTransport(url);
  return {
    sendMail: (msg) => t.sendMail(msg),
    close: () => t.close(),
  };
}
