import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type WalletView, WithdrawalStatus } from '../../../src/contract/wallet.ts';
import { logLedgerEntry } from '../wallet/ledger-log.ts';
import type { MovementResult } from '../wallet/movement.ts';
import { publishBalance, type WithdrawalsDeps } from './deps.ts';
import { closeAndRelease } from './release.ts';
import { withdrawals } from './schema.ts';

/** The payout webhook body (server/features/payments/psp.ts): `{ pagamentos: [ { idEnvio, status, endToEndId?, motivo?, horario } ] }`. */
export const PayoutWebhookSchema = v.object({
  pagamentos: v.pipe(
    v.array(
      v.object({
        idEnvio: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{1,35}$/)),
        status: v.picklist(['REALIZADO', 'NAO_REALIZADO']),
        endToEndId: v.optional(v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{32}$/))),
        motivo: v.optional(v.pipe(v.string(), v.maxLength(500))),
        horario: v.pipe(v.string(), v.isoTimestamp()),
      }),
    ),
    v.minLength(1),
    v.maxLength(1000),
  ),
});

/** A final payout result, from the webhook or from asking the PSP. */
export interface PayoutResult {
  payoutId: string;
  status: 'REALIZADO' | 'NAO_REALIZADO';
  endToEndId?: string | undefined;
  reason?: string | undefined;
}

export type SettleOutcome =
  | { kind: 'paid'; withdrawalId: number }
  | { kind: 'failed'; withdrawalId: number; userId: number; wallet: WalletView }
  | { kind: 'ignored'; reason: 'unknown_payout' | 'already_settled' | 'not_sent' };

/**
 * Applies a payout's final result to its withdrawal, once. Under the
 * withdrawal's row lock (so concurrent or replayed deliveries run one after
 * the other and all but the first find it settled), and only while the
 * payout is in flight (status 4, or 0 with the request already sent):
 * REALIZADO → approved (status 1, endToEndId kept); NAO_REALIZADO → invalid
 * key (status 3, the PSP's `motivo` as note) and the funds given back, then
 * `BalanceUpdated`. Anything else — an unknown id, a settled withdrawal — is
 * ignored (logged when it means money may have left twice).
 */
export async function settlePayout(deps: WithdrawalsDeps, result: PayoutResult): Promise<SettleOutcome> {
  const at = deps.now();
  let released: MovementResult | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<SettleOutcome> => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.payoutId, result.payoutId)).for('update');
    if (!row) return { kind: 'ignored', reason: 'unknown_payout' };
    const inFlight = row.status === WithdrawalStatus.Processing || (row.status === WithdrawalStatus.Pending && row.dispatchAttemptedAt !== null);
    if (!inFlight) {
      if (row.status === WithdrawalStatus.Pending) return { kind: 'ignored', reason: 'not_sent' };
      if (result.status === 'REALIZADO' && row.status !== WithdrawalStatus.Approved) {
        deps.log.error(`withdrawals: PSP paid payout ${result.payoutId} of withdrawal ${row.id} in status ${row.status} (funds already released); reconcile by hand`);
      }
      return { kind: 'ignored', reason: 'already_settled' };
    }
    if (result.status === 'REALIZADO') {
      await tx
        .update(withdrawals)
        .set({ status: WithdrawalStatus.Approved, endToEndId: result.endToEndId ?? null, updatedAt: at })
        .where(eq(withdrawals.id, row.id));
      return { kind: 'paid', withdrawalId: row.id };
    }
    const note = result.reason?.slice(0, 500) ?? null;
    const closed = await closeAndRelease(tx, row, {
      to: WithdrawalStatus.InvalidPixKey,
      reason: 'invalid_pix_key',
      note,
      at,
      metadata: { payout_id: result.payoutId, ...(note ? { psp_reason: note } : {}) },
    });
    released = closed.movement;
    return { kind: 'failed', withdrawalId: row.id, userId: row.userId, wallet: closed.wallet };
  });
  logLedgerEntry(deps.log, released);
  if (outcome.kind === 'failed') await publishBalance(deps, outcome.userId, outcome.wallet);
  return outcome;
}
