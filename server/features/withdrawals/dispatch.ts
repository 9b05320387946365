import { and, asc, eq, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { WithdrawalStatus } from '../../../src/contract/wallet.ts';
import { type Payout, PayoutRefusedError } from '../payments/psp.ts';
import { logLedgerEntry } from '../wallet/ledger-log.ts';
import { publishBalance, type WithdrawalsDeps } from './deps.ts';
import { closeAndRelease, lockWithdrawal } from './release.ts';
import { type WithdrawalRow, type WithdrawMethodRow, withdrawals, withdrawMethods } from './schema.ts';
import { settlePayout } from './settle-payout.ts';

/** Withdrawals sent per worker tick. */
const BATCH = 20;
/** A claim whose sender vanished (crash) is taken again after this long; resending is safe (`idEnvio` is idempotent). */
export const CLAIM_LEASE_MS = 30_000;
/** A payout in flight this long without a webhook is asked about (a lost webhook must not leave it processing forever). */
export const RECONCILE_AFTER_MS = 120_000;

export type DispatchOutcome = 'sent' | 'settled' | 'invalid_key' | 'retry' | 'not_due';

export interface DispatchSummary {
  sent: number;
  invalidKey: number;
  retry: number;
}

/**
 * Claims pending withdrawals for sending: in ONE statement it locks them
 * (`FOR UPDATE SKIP LOCKED`, so a player's cancel holding a row, or another
 * node's worker, is simply passed by) and stamps `dispatch_attempted_at`,
 * which from the commit on makes them non-cancellable. Due means: pending,
 * not claimed within the lease, and either older than the hold period or
 * approved by an operator.
 */
async function claim(deps: WithdrawalsDeps, now: Date, only: SQL): Promise<WithdrawalRow[]> {
  const leaseCutoff = new Date(now.getTime() - CLAIM_LEASE_MS);
  const candidates = deps.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, WithdrawalStatus.Pending),
        or(isNull(withdrawals.dispatchAttemptedAt), lte(withdrawals.dispatchAttemptedAt, leaseCutoff)),
        only,
      ),
    )
    .orderBy(asc(withdrawals.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return deps.db
    .update(withdrawals)
    .set({ dispatchAttemptedAt: now })
    .where(and(inArray(withdrawals.id, candidates), eq(withdrawals.status, WithdrawalStatus.Pending)))
    .returning();
}

/**
 * One worker pass: sends every due pending withdrawal to the PSP
 * (`createPayout`). The PSP taking it → processing (status 4; the webhook
 * settles it); the PSP refusing the key → invalid key (status 3) and the
 * funds back; any other failure → it stays pending and is retried on a later
 * pass (see {@link sendClaimed}).
 */
export async function dispatchDueWithdrawals(deps: WithdrawalsDeps, now: Date): Promise<DispatchSummary> {
  const holdCutoff = new Date(now.getTime() - deps.holdSeconds * 1000);
  const claimed = await claim(deps, now, or(lte(withdrawals.createdAt, holdCutoff), isNotNull(withdrawals.reviewedAt))!);
  const summary: DispatchSummary = { sent: 0, invalidKey: 0, retry: 0 };
  for (const row of claimed) {
    const outcome = await sendClaimed(deps, row, now);
    if (outcome === 'sent' || outcome === 'settled') summary.sent += 1;
    else if (outcome === 'invalid_key') summary.invalidKey += 1;
    else summary.retry += 1;
  }
  return summary;
}

/**
 * Sends withdrawal `id` now, whatever its hold period (an operator just
 * approved it, or the hold is 0). 'not_due' when it is not pending or is
 * being sent by someone else.
 */
export async function dispatchWithdrawal(deps: WithdrawalsDeps, id: number, now: Date = deps.now()): Promise<DispatchOutcome> {
  const [row] = await claim(deps, now, eq(withdrawals.id, id));
  return row ? sendClaimed(deps, row, now) : 'not_due';
}

async function methodOf(deps: WithdrawalsDeps, row: WithdrawalRow): Promise<WithdrawMethodRow> {
  const [method] = await deps.db.select().from(withdrawMethods).where(eq(withdrawMethods.id, row.methodId));
  if (!method) throw new Error(`withdrawal ${row.id} has no method`);
  return method;
}

/**
 * Asks the PSP to pay a claimed withdrawal (no lock is held during the call).
 * - accepted → status 4, or settled at once when the PSP already has the final result;
 * - PayoutRefusedError 'invalid_key' → status 3 and the funds back;
 * - anything else is ambiguous (the PSP may have taken it and the answer got
 *   lost): the PSP is asked with `getPayout`. Known → as accepted. Unknown →
 *   the claim is withdrawn, so the player may cancel again, and a later pass
 *   retries. No answer at all → the claim stays (no cancel: the payout may
 *   exist) and a pass after the lease resends it — safe, `idEnvio` is idempotent.
 */
async function sendClaimed(deps: WithdrawalsDeps, row: WithdrawalRow, claimedAt: Date): Promise<DispatchOutcome> {
  const method = await methodOf(deps, row);
  let payout: Payout | null;
  try {
    payout = await deps.psp.createPayout({
      id: row.payoutId,
      amountCentavos: Number(row.amount),
      key: method.key,
      keyType: method.type,
      recipientCpf: method.ownerCpf,
      description: `Saque ${row.id}`,
    });
  } catch (error) {
    if (error instanceof PayoutRefusedError && error.kind === 'invalid_key') {
      await refuseKey(deps, row.id, error.message);
      return 'invalid_key';
    }
    deps.log.warn(`withdrawals: payout of withdrawal ${row.id} failed; it will be retried`, error);
    try {
      payout = await deps.psp.getPayout(row.payoutId);
    } catch (lookupError) {
      deps.log.warn(`withdrawals: PSP status of payout ${row.payoutId} unknown; keeping it claimed`, lookupError);
      return 'retry';
    }
    if (!payout) {
      await releaseClaim(deps, row.id, claimedAt);
      return 'retry';
    }
  }
  if (payout.status !== 'EM_PROCESSAMENTO') {
    await settlePayout(deps, { payoutId: row.payoutId, status: payout.status, endToEndId: payout.endToEndId, reason: payout.reason });
    return 'settled';
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, row.id);
    // The webhook may have been faster and settled it already.
    if (locked?.status !== WithdrawalStatus.Pending) return;
    await tx.update(withdrawals).set({ status: WithdrawalStatus.Processing, updatedAt: deps.now() }).where(eq(withdrawals.id, row.id));
  });
  return 'sent';
}

/** The PSP refused the key outright: invalid key (status 3), funds back, `BalanceUpdated`. */
async function refuseKey(deps: WithdrawalsDeps, id: number, why: string): Promise<void> {
  const closed = await deps.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row?.status !== WithdrawalStatus.Pending) return null;
    const done = await closeAndRelease(tx, row, { to: WithdrawalStatus.InvalidPixKey, reason: 'invalid_pix_key', note: why.slice(0, 500), at: deps.now() });
    return { userId: row.userId, wallet: done.wallet, movement: done.movement };
  });
  if (!closed) return;
  logLedgerEntry(deps.log, closed.movement);
  await publishBalance(deps, closed.userId, closed.wallet);
}

/** Withdraws our own claim (only ours: another node may have claimed it after the lease). */
async function releaseClaim(deps: WithdrawalsDeps, id: number, claimedAt: Date): Promise<void> {
  await deps.db
    .update(withdrawals)
    .set({ dispatchAttemptedAt: null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, WithdrawalStatus.Pending), eq(withdrawals.dispatchAttemptedAt, claimedAt)));
}

/**
 * Asks the PSP about payouts processing for over RECONCILE_AFTER_MS and
 * applies a final answer as the webhook would (a lost webhook then only
 * delays the result). `dispatch_attempted_at` records when it was last
 * asked, so each payout is asked at most once per period.
 */
export async function reconcileProcessing(deps: WithdrawalsDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MS);
  const stale = await deps.db
    .update(withdrawals)
    .set({ dispatchAttemptedAt: now })
    .where(
      inArray(
        withdrawals.id,
        deps.db
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.status, WithdrawalStatus.Processing), lte(withdrawals.updatedAt, cutoff), or(isNull(withdrawals.dispatchAttemptedAt), lte(withdrawals.dispatchAttemptedAt, cutoff))))
          .orderBy(asc(withdrawals.id))
          .limit(BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: withdrawals.id, payoutId: withdrawals.payoutId });
  let settled = 0;
  for (const row of stale) {
    try {
      const payout = await deps.psp.getPayout(row.payoutId);
      if (payout && payout.status !== 'EM_PROCESSAMENTO') {
        await settlePayout(deps, { payoutId: row.payoutId, status: payout.status, endToEndId: payout.endToEndId, reason: payout.reason });
        settled += 1;
      } else if (!payout) {
        deps.log.error(`withdrawals: the PSP does not know payout ${row.payoutId} of withdrawal ${row.id}, which it accepted; check by hand`);
      }
    } catch (error) {
      deps.log.warn(`withdrawals: could not ask the PSP about payout ${row.payoutId}`, error);
    }
  }
  return settled;
}
