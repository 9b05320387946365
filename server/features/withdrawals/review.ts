import { eq } from 'drizzle-orm';
import { WithdrawalStatus } from '../../../src/contract/wallet.ts';
import { logLedgerEntry } from '../wallet/ledger-log.ts';
import { publishBalance, type WithdrawalsDeps } from './deps.ts';
import { dispatchWithdrawal } from './dispatch.ts';
import { WithdrawalRefusal } from './errors.ts';
import { WITHDRAWAL_MESSAGES } from './messages.ts';
import { closeAndRelease, lockWithdrawal } from './release.ts';
import { type WithdrawalRow, withdrawals } from './schema.ts';

/** The tenant's withdrawal `id` under review, locked in `tx`. @throws WithdrawalRefusal 404 (another tenant's too), 409 when not under review. */
async function lockUnderReview(tx: WithdrawalsDeps['db'], tenantId: number, id: number): Promise<WithdrawalRow> {
  const row = await lockWithdrawal(tx, id);
  if (!row || row.tenantId !== tenantId) throw new WithdrawalRefusal('withdrawal_not_found', 404, WITHDRAWAL_MESSAGES.withdrawalNotFound);
  if (row.status !== WithdrawalStatus.UnderReview) {
    throw new WithdrawalRefusal('withdrawal_not_under_review', 409, WITHDRAWAL_MESSAGES.notUnderReview, { details: { status: row.status } });
  }
  return row;
}

/**
 * The operator approves a withdrawal under review: it becomes pending with
 * `reviewed_at` set (so the hold period no longer applies) and is sent to
 * the PSP right away; if the PSP cannot take it now, the payout worker
 * retries. Answers the withdrawal as it is after that attempt.
 */
export async function approveWithdrawal(deps: WithdrawalsDeps, input: { tenantId: number; id: number }): Promise<WithdrawalRow> {
  await deps.db.transaction(async (tx) => {
    await lockUnderReview(tx, input.tenantId, input.id);
    const at = deps.now();
    await tx.update(withdrawals).set({ status: WithdrawalStatus.Pending, reviewedAt: at, updatedAt: at }).where(eq(withdrawals.id, input.id));
  });
  try {
    await dispatchWithdrawal(deps, input.id);
  } catch (error) {
    deps.log.warn(`withdrawals: approved withdrawal ${input.id} not sent yet; the worker retries`, error);
  }
  const [row] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, input.id));
  if (!row) throw new Error('approved withdrawal disappeared');
  return row;
}

/** The operator rejects a withdrawal under review: cancelled (status 2, `rejected_by_operator`, `note` the operator's reason), funds back, `BalanceUpdated`. */
export async function rejectWithdrawal(deps: WithdrawalsDeps, input: { tenantId: number; id: number; note: string | null }): Promise<WithdrawalRow> {
  const closed = await deps.db.transaction(async (tx) => {
    const row = await lockUnderReview(tx, input.tenantId, input.id);
    return closeAndRelease(tx, row, { to: WithdrawalStatus.Cancelled, reason: 'rejected_by_operator', note: input.note, at: deps.now() });
  });
  logLedgerEntry(deps.log, closed.movement);
  await publishBalance(deps, closed.withdrawal.userId, closed.wallet);
  return closed.withdrawal;
}
