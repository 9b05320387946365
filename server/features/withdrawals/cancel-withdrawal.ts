import { CANCELLABLE_WITHDRAWAL_STATUSES, type WalletView, WithdrawalStatus } from '../../../src/contract/wallet.ts';
import { logLedgerEntry } from '../wallet/ledger-log.ts';
import { publishBalance, type WithdrawalsDeps } from './deps.ts';
import { WithdrawalRefusal } from './errors.ts';
import { WITHDRAWAL_MESSAGES } from './messages.ts';
import { closeAndRelease, lockWithdrawal } from './release.ts';
import type { WithdrawalRow } from './schema.ts';

/** A withdrawal the player may still cancel: not sent to the PSP yet, not even tried. */
export function isCancellable(row: Pick<WithdrawalRow, 'status' | 'dispatchAttemptedAt'>): boolean {
  return (CANCELLABLE_WITHDRAWAL_STATUSES as readonly number[]).includes(row.status) && row.dispatchAttemptedAt === null;
}

/**
 * The player cancels their own withdrawal `id` while it is pending or under
 * review and no payout request has left for the PSP: under the row lock it
 * becomes cancelled (status 2, `cancelled_by_player`) and its funds come
 * back, once. The payout worker takes the same lock and marks the row before
 * calling the PSP, so a cancel and a dispatch can never both happen.
 * Publishes `BalanceUpdated`.
 * @throws WithdrawalRefusal 404 when it is not the player's; 409 when it can no longer be cancelled.
 */
export async function cancelWithdrawal(
  deps: WithdrawalsDeps,
  input: { tenantId: number; userId: number; id: number },
): Promise<{ withdrawal: WithdrawalRow; wallet: WalletView }> {
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, input.id);
    if (!row || row.userId !== input.userId || row.tenantId !== input.tenantId) {
      throw new WithdrawalRefusal('withdrawal_not_found', 404, WITHDRAWAL_MESSAGES.withdrawalNotFound);
    }
    if (!isCancellable(row)) {
      throw new WithdrawalRefusal('withdrawal_not_cancellable', 409, WITHDRAWAL_MESSAGES.notCancellable, { details: { status: row.status } });
    }
    return closeAndRelease(tx, row, { to: WithdrawalStatus.Cancelled, reason: 'cancelled_by_player', at: deps.now() });
  });
  logLedgerEntry(deps.log, result.movement);
  await publishBalance(deps, input.userId, result.wallet);
  return { withdrawal: result.withdrawal, wallet: result.wallet };
}
