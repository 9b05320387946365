import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { LocalizedText } from '../../http/messages.ts';
import { NotFoundError } from '../../http/errors.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { type PixChargeRow, pixCharges } from './schema.ts';

export type DepositStatus = 'waiting_payment' | 'paid' | 'expired' | 'refunded';

/** What the player sees of a charge: `expired` is an unpaid charge past its expiry. */
export function depositStatusOf(row: PixChargeRow, now: Date): DepositStatus {
  if (row.status !== 'waiting_payment') return row.status;
  return now.getTime() > row.expiresAt.getTime() ? 'expired' : 'waiting_payment';
}

/** Why a refunded charge was refunded, in words for the player; null for other states. */
export function refundMessage(row: PixChargeRow): LocalizedText | null {
  if (row.status !== 'refunded' || !row.refundReason) return null;
  const key = `refund_${row.refundReason}` as keyof typeof PAYMENT_MESSAGES;
  return PAYMENT_MESSAGES[key] ?? null;
}

/**
 * The player's own charge `txid` on the tenant.
 * @throws NotFoundError (404) when it does not exist or belongs to someone else.
 */
export async function findOwnCharge(db: Db, q: { tenantId: number; userId: number; txid: string }): Promise<PixChargeRow> {
  const [row] = await db
    .select()
    .from(pixCharges)
    .where(and(eq(pixCharges.txid, q.txid), eq(pixCharges.tenantId, q.tenantId), eq(pixCharges.userId, q.userId)));
  if (!row) throw new NotFoundError('charge_not_found', { message: PAYMENT_MESSAGES.chargeNotFound });
  return row;
}
