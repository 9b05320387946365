import type { Db } from '../../db/open.ts';
import { createOutbox } from './outbox.ts';
import type { EmailTransport, Notifier, SmsGateway } from './types.ts';

/**
 * The platform's notifier: SMS through `sms` and e-mail through `email` when
 * those transports are configured; otherwise the message goes to the outbox
 * (table + `print`). Codes are thus never stored or logged in plain text when
 * a real transport delivers them.
 */
export function createNotifier(opts: { db: Db; print: (line: string) => void; sms?: SmsGateway | null; email?: EmailTransport | null }): Notifier {
  const box = createOutbox(opts.db, opts.print);
  return {
    async send(message) {
      if (message.channel === 'sms' && opts.sms) return opts.sms.sendSms({ to: message.to, text: message.text, tenantId: message.tenantId });
      if (message.channel === 'email' && opts.email) {
        return opts.email.sendEmail({ to: message.to, subject: message.subject ?? '', text: message.text, tenantId: message.tenantId });
      }
      return box.store(message);
    },
  };
}
