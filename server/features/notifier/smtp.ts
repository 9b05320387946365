import nodemailer from 'nodemailer';
import type { EmailTransport } from './types.ts';

/**
 * E-mail over SMTP (nodemailer) to the server `url` names
 * (`smtp://user:pass@host:587`, `smtps://…:465`), sent from `from`.
 */
export function createSmtpTransport(opts: { url: string; from: string }): EmailTransport & { close(): void } {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async sendEmail(message) {
      await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
