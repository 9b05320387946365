import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { WithdrawalStatus } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import { fill } from '../auth/messages.ts';
import { pixCharges } from '../payments/schema.ts';
import { brl } from '../responsible-gaming/messages.ts';
import { sportsBetslips } from '../sportsbook/schema.ts';
import { wallets } from '../wallet/schema.ts';
import { withdrawals } from '../withdrawals/schema.ts';
import { CLOSURE_MESSAGES } from './messages.ts';

/** Withdrawals whose money has left the balance but not the platform yet. */
const IN_FLIGHT = [WithdrawalStatus.Pending, WithdrawalStatus.UnderReview, WithdrawalStatus.Processing];

async function exists(q: Promise<Array<{ n: number }>>): Promise<boolean> {
  const [row] = await q;
  return (row?.n ?? 0) > 0;
}

/**
 * What must be settled before a player may close their own account, checked
 * in the closing transaction under the player's row lock:
 * - no withdrawal pending, under review or processing (409 `withdrawal_in_flight`):
 *   its result could hand money back to an account nobody can open;
 * - no Pix charge still payable (409 `deposit_pending`): a payment after the
 *   closure would credit a closed account;
 * - no open sports bet (409 `open_bets`): its settlement is still to come;
 * - a withdrawable balance below the tenant's minimum withdrawal (409
 *   `balance_not_withdrawn`, naming the amount): the player withdraws it
 *   first, to a Pix key of their choice. A remainder below the minimum
 *   cannot be withdrawn and stays on record, owed to the player.
 * Aggregator rounds settle within seconds and are not waited for.
 * @throws DomainError 409 as above, in both languages.
 */
export async function assertReadyToClose(tx: Db, input: { tenant: TenantContext; userId: number; now: Date }): Promise<void> {
  const { userId, now } = input;
  const refuse = (code: string, message: { pt: string; en: string }, details?: Record<string, unknown>) =>
    new DomainError(code, 409, undefined, { message, ...(details ? { details } : {}) });

  if (await exists(tx.select({ n: count() }).from(withdrawals).where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, IN_FLIGHT))))) {
    throw refuse('withdrawal_in_flight', CLOSURE_MESSAGES.withdrawalInFlight);
  }
  const payable = and(eq(pixCharges.userId, userId), eq(pixCharges.status, 'waiting_payment'), gt(pixCharges.expiresAt, now));
  if (await exists(tx.select({ n: count() }).from(pixCharges).where(payable))) throw refuse('deposit_pending', CLOSURE_MESSAGES.depositPending);
  if (await exists(tx.select({ n: count() }).from(sportsBetslips).where(and(eq(sportsBetslips.userId, userId), eq(sportsBetslips.status, 'open'))))) {
    throw refuse('open_bets', CLOSURE_MESSAGES.openBets);
  }
  const [wallet] = await tx.select({ withdrawable: wallets.balanceWithdrawal }).from(wallets).where(eq(wallets.userId, userId));
  const withdrawable = Number(wallet?.withdrawable ?? 0n);
  if (withdrawable > 0 && withdrawable >= input.tenant.config.min_withdrawal) {
    throw refuse(
      'balance_not_withdrawn',
      { pt: fill(CLOSURE_MESSAGES.balanceLeft.pt, { amount: brl(withdrawable, 'pt') }), en: fill(CLOSURE_MESSAGES.balanceLeft.en, { amount: brl(withdrawable, 'en') }) },
      { balance_withdrawal: withdrawable },
    );
  }
}
