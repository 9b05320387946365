import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import { qualifyReferral } from '../referrals/qualify.ts';
import { logLedgerEntry } from '../wallet/ledger-log.ts';
import { applyMovement, type MovementResult } from '../wallet/movement.ts';
import { toWalletView } from '../wallet/wallet.ts';
import type { PaymentsDeps } from './deps.ts';
import { pixCharges } from './schema.ts';

/** The standard's webhook body: `{ pix: [ { endToEndId, txid, valor, horario, pagador? } ] }`. */
export const PixWebhookSchema = v.object({
  pix: v.pipe(
    v.array(
      v.object({
        endToEndId: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{32}$/)),
        txid: v.optional(v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{1,35}$/))),
        valor: v.pipe(v.string(), v.regex(/^\d{1,10}\.\d{2}$/)),
        horario: v.pipe(v.string(), v.isoTimestamp()),
        pagador: v.optional(v.object({ cpf: v.optional(v.string()), cnpj: v.optional(v.string()), nome: v.optional(v.string()) })),
      }),
    ),
    v.minLength(1),
    v.maxLength(1000),
  ),
});
export type PixWebhookItem = v.InferOutput<typeof PixWebhookSchema>['pix'][number];

export type RefundReason = 'payer_cpf_mismatch' | 'expired' | 'amount_mismatch';

export type ReceiveOutcome =
  | { kind: 'credited'; txid: string; amount: number; userId: number; wallet: WalletView }
  | { kind: 'refunded'; txid: string; reason: RefundReason }
  | { kind: 'ignored'; reason: 'no_txid' | 'unknown_txid' | 'already_settled' };

/** "50.00" → 5000n. */
function decimalToCentavos(valor: string): bigint {
  const [whole = '0', cents = '00'] = valor.split('.');
  return BigInt(whole) * 100n + BigInt(cents);
}

/**
 * Applies one received Pix to its charge, once. Under the charge's row lock
 * (so concurrent or replayed deliveries run one after the other and all but
 * the first find it settled):
 * - no txid, unknown txid, or a charge already paid/refunded → ignored;
 * - amount different from the charge, paid after `expires_at` (by the PSP's
 *   `horario`), or payer CPF (`pagador.cpf`; missing counts as different)
 *   not the one the charge expects → the charge becomes `refunded` and
 *   nothing is credited; the money is returned through `psp.refund` after
 *   the commit;
 * - otherwise a `deposit` of the amount is credited with reference =
 *   endToEndId (idempotent on its own too) and the charge becomes `paid`;
 *   in the same transaction the player's pending referral may qualify and
 *   pay their referrer once (server/features/referrals/qualify.ts);
 *   then `PaymentApproved` {txid, amount} and `BalanceUpdated` {wallet} go to
 *   the player's private channel.
 * Refund and publish failures are logged, never undo the settled charge.
 */
export async function receivePix(deps: PaymentsDeps, item: PixWebhookItem): Promise<ReceiveOutcome> {
  const txid = item.txid;
  if (!txid) return { kind: 'ignored', reason: 'no_txid' };
  let credit: MovementResult | null = null;
  // A referral reward this deposit paid its friend's referrer (issue 18); an object, so TypeScript sees the closure's write.
  const referrer: { paid: MovementResult | null } = { paid: null };
  const outcome = await deps.db.transaction(async (tx): Promise<ReceiveOutcome & { refundAmount?: bigint }> => {
    const [charge] = await tx.select().from(pixCharges).where(eq(pixCharges.txid, txid)).for('update');
    if (!charge) return { kind: 'ignored', reason: 'unknown_txid' };
    if (charge.status !== 'waiting_payment') return { kind: 'ignored', reason: 'already_settled' };
    const paidAt = new Date(item.horario);
    const amount = decimalToCentavos(item.valor);
    const refusal: RefundReason | null =
      amount !== charge.amount
        ? 'amount_mismatch'
        : paidAt.getTime() > charge.expiresAt.getTime()
          ? 'expired'
          : item.pagador?.cpf?.replace(/\D/g, '') !== charge.payerCpf
            ? 'payer_cpf_mismatch'
            : null;
    if (refusal) {
      await tx
        .update(pixCharges)
        .set({ status: 'refunded', endToEndId: item.endToEndId, refundReason: refusal, paidAt })
        .where(eq(pixCharges.id, charge.id));
      return { kind: 'refunded', txid, reason: refusal, refundAmount: amount };
    }
    const moved = await applyMovement(tx, {
      tenantId: charge.tenantId,
      userId: charge.userId,
      type: 'deposit',
      amount: charge.amount,
      reference: item.endToEndId,
      metadata: { txid, method: 'pix' },
    });
    credit = moved;
    // The friend's first qualifying deposit pays their referrer once, in this same transaction (issue 18).
    const referral = await qualifyReferral(tx, { tenantId: charge.tenantId, userId: charge.userId, amount: charge.amount, at: paidAt });
    if (referral.kind === 'qualified') referrer.paid = referral.credit;
    await tx
      .update(pixCharges)
      .set({ status: 'paid', endToEndId: item.endToEndId, paidAt: sql`${paidAt.toISOString()}::timestamptz` })
      .where(eq(pixCharges.id, charge.id));
    return { kind: 'credited', txid, amount: Number(charge.amount), userId: charge.userId, wallet: toWalletView(moved.wallet) };
  });

  logLedgerEntry(deps.log, credit);
  logLedgerEntry(deps.log, referrer.paid);

  if (outcome.kind === 'refunded') {
    try {
      await deps.psp.refund(item.endToEndId, Number(outcome.refundAmount), outcome.reason);
    } catch (error) {
      deps.log.error(`pix: refund of ${item.endToEndId} (txid ${txid}) failed; retry it by hand`, error);
    }
    return { kind: 'refunded', txid, reason: outcome.reason };
  }
  if (outcome.kind === 'credited') {
    const channel = [realtimeChannel.actorPrivate(outcome.userId)];
    try {
      await deps.publish(channel, wireEventName(RealtimeEvent.PaymentApproved), { txid, amount: outcome.amount });
      await deps.publish(channel, wireEventName(RealtimeEvent.BalanceUpdated), { wallet: outcome.wallet });
      const paid = referrer.paid;
      if (paid && !paid.replayed) {
        await deps.publish([realtimeChannel.actorPrivate(paid.entry.userId)], wireEventName(RealtimeEvent.BalanceUpdated), { wallet: toWalletView(paid.wallet) });
      }
    } catch (error) {
      deps.log.warn(`pix: realtime events for ${txid} not sent`, error);
    }
  }
  return outcome;
}
