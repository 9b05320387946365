import { WithdrawalStatus, type WithdrawalStatusCode, type WithdrawalView, type WithdrawMethodView } from '../../../src/contract/wallet.ts';
import type { WithdrawalRow, WithdrawMethodRow } from './schema.ts';

export function toMethodView(row: WithdrawMethodRow): WithdrawMethodView {
  return { id: row.id, type: row.type, key: row.key, created_at: row.createdAt.toISOString() };
}

/**
 * The player's view. With `holdSeconds` (WITHDRAWAL_HOLD_SECONDS), a pending
 * withdrawal not yet sent nor approved carries `cancellable_until`: the end
 * of its hold period, after which the worker sends it to the PSP.
 */
export function toWithdrawalView(row: WithdrawalRow, method: WithdrawMethodRow, holdSeconds?: number): WithdrawalView {
  const inHold = holdSeconds !== undefined && row.status === WithdrawalStatus.Pending && row.dispatchAttemptedAt === null && row.reviewedAt === null;
  return {
    id: row.id,
    amount: Number(row.amount),
    // The CHECK constraint keeps the column within 0..5.
    status: row.status as WithdrawalStatusCode,
    method: toMethodView(method),
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    cancellable_until: inHold ? new Date(row.createdAt.getTime() + holdSeconds * 1000).toISOString() : null,
  };
}
