import type { MailTransport } from "./outbox.ts";

/**
 * An SMTP transport from `SMTP_URL` (smtp:// with STARTTLS when offered, or smtps://). nodemailer (about
 * 11 MB resident) is loaded by the first use, so an installation without SMTP never holds it.
 */
export function smtpTransport(url: string): MailTransport & { close(): void } {
  let t: Promise<import("nodemailer").Transporter> | undefined;
  const transport = () => t ??= import("nodemailer").then((m) => m.default.createTransport(url));
  return {
    sendMail: async (msg) => await (await transport()).sendMail(msg),
    close: () => void t?.then((x) => x.close(), () => {}),
  };
}
