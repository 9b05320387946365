import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { outbox, type OutboxRow } from './schema.ts';
import type { OutgoingMessage } from './types.ts';

/**
 * The development transport: stores the message in the `outbox` table and
 * prints it (`[outbox] SMS to +55… : Seu código …: 123456`) through `print`,
 * so a developer reads codes without any SMS or SMTP service.
 */
export function createOutbox(db: Db, print: (line: string) => void) {
  return {
    async store(message: OutgoingMessage): Promise<void> {
      await db.insert(outbox).values({
        tenantId: message.tenantId,
        channel: message.channel,
        destination: message.to,
        subject: message.subject ?? null,
        body: message.text,
      });
      const label = message.channel === 'sms' ? 'SMS' : 'E-mail';
      print(`[outbox] ${label} to ${message.to}${message.subject ? ` (${message.subject})` : ''} : ${message.text}`);
    },
  };
}

/** The newest outbox messages of a tenant, optionally to one destination (development aid, tests). */
export async function listOutbox(db: Db, tenantId: number, opts: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), opts.to ? eq(outbox.destination, opts.to) : undefined))
    .orderBy(desc(outbox.id))
    .limit(Math.min(opts.limit ?? 20, 100));
}
