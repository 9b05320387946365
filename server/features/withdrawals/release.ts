import { eq } from 'drizzle-orm';
import type { WalletView, WithdrawalStatusCode } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { applyMovement, type MovementResult } from '../wallet/movement.ts';
import { toWalletView } from '../wallet/wallet.ts';
import { releaseReference } from './references.ts';
import { type WithdrawalRow, withdrawals } from './schema.ts';

/** Why a withdrawal's funds went back (`withdrawals.reason`). */
export type ReleaseReason = 'cancelled_by_player' | 'rejected_by_operator' | 'invalid_pix_key';

/**
 * Closes a withdrawal whose row the caller has locked in `tx` (status
 * `to`, `reason`, optional `note`) and gives its reserved funds back: a
 * `withdraw` credit of the amount, withdrawable again, with reference
 * `withdrawal-release:{id}` — idempotent in the ledger too, so a release can
 * never be paid twice even if a caller forgot the status check. `movement`
 * is for the caller's ledger log line once `tx` has committed (logLedgerEntry).
 */
export async function closeAndRelease(
  tx: Db,
  row: WithdrawalRow,
  close: { to: WithdrawalStatusCode; reason: ReleaseReason; note?: string | null; at: Date; metadata?: Record<string, unknown> },
): Promise<{ withdrawal: WithdrawalRow; wallet: WalletView; movement: MovementResult }> {
  const [withdrawal] = await tx
    .update(withdrawals)
    .set({ status: close.to, reason: close.reason, note: close.note ?? row.note, updatedAt: close.at })
    .where(eq(withdrawals.id, row.id))
    .returning();
  if (!withdrawal) throw new Error('locked withdrawal disappeared');
  const moved = await applyMovement(tx, {
    tenantId: row.tenantId,
    userId: row.userId,
    type: 'withdraw',
    amount: row.amount,
    withdrawableDelta: row.amount,
    reference: releaseReference(row.id),
    metadata: { withdrawal_id: row.id, status: close.to, reason: close.reason, ...close.metadata },
  });
  return { withdrawal, wallet: toWalletView(moved.wallet), movement: moved };
}

/** The withdrawal `id` locked for update in `tx`, or null. */
export async function lockWithdrawal(tx: Db, id: number): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ?? null;
}
