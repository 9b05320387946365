import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { applyMovement } from '../wallet/movement.ts';
import type { WalletRow } from '../wallet/schema.ts';
import { bonusMoneyLeft } from './money-left.ts';
import { type PlayerBonusRow, playerBonuses } from './schema.ts';

/** The locked state a settlement works on: the wallet and the player's active bonuses (see locks.ts). */
export interface LockedBonuses {
  wallet: WalletRow;
  active: PlayerBonusRow[];
}

function nonWithdrawable(wallet: WalletRow): bigint {
  return wallet.balance - wallet.balanceWithdrawal;
}

/**
 * Ends an active bonus whose rollover is met: what is left of its money,
 * the winnings kept with it included (bonusMoneyLeft), becomes withdrawable through a `rollover` ledger row
 * (amount 0, withdrawable_delta = what is left; reference `bonus:{id}`, so it
 * is released once), and the row turns `completed`. Nothing left → no ledger
 * row, still completed. Updates `state` in place.
 */
export async function releaseBonus(tx: Db, state: LockedBonuses, bonus: PlayerBonusRow, now: Date, wager?: string): Promise<bigint> {
  const left = bonusMoneyLeft(state.active, nonWithdrawable(state.wallet)).get(bonus.id) ?? 0n;
  if (left > 0n) {
    const moved = await applyMovement(tx, {
      tenantId: bonus.tenantId,
      userId: bonus.userId,
      type: 'rollover',
      amount: 0,
      withdrawableDelta: left,
      reference: `bonus:${bonus.id}`,
      metadata: { bonus_id: bonus.id, source: bonus.source, source_ref: bonus.sourceRef, winnings: bonus.winnings, ...(wager ? { wager } : {}) },
    });
    state.wallet = moved.wallet;
  }
  await tx
    .update(playerBonuses)
    .set({ status: 'completed', rolloverDone: Math.max(bonus.rolloverDone, bonus.rolloverRequired), finishedAt: now })
    .where(eq(playerBonuses.id, bonus.id));
  state.active = state.active.filter((b) => b.id !== bonus.id);
  return left;
}

/**
 * Forfeits the active bonuses whose `expires_at` has passed: what is left of
 * each, the winnings kept with it included (capped at the non-withdrawable part, so cash is never touched) is
 * taken back with a negative `bonus` ledger row (withdrawable_delta 0,
 * reference `expired:{id}`), and the row turns `expired`. Updates `state`.
 * @returns how many bonuses expired.
 */
export async function forfeitExpired(tx: Db, state: LockedBonuses, now: Date): Promise<number> {
  const expired = state.active.filter((b) => b.expiresAt !== null && b.expiresAt.getTime() <= now.getTime());
  for (const bonus of expired) {
    const left = bonusMoneyLeft(state.active, nonWithdrawable(state.wallet)).get(bonus.id) ?? 0n;
    if (left > 0n) {
      const moved = await applyMovement(tx, {
        tenantId: bonus.tenantId,
        userId: bonus.userId,
        type: 'bonus',
        amount: -left,
        withdrawableDelta: 0,
        reference: `expired:${bonus.id}`,
        metadata: { bonus_id: bonus.id, source: bonus.source, source_ref: bonus.sourceRef, winnings: bonus.winnings, expired: true },
      });
      state.wallet = moved.wallet;
    }
    await tx.update(playerBonuses).set({ status: 'expired', finishedAt: now }).where(eq(playerBonuses.id, bonus.id));
    state.active = state.active.filter((b) => b.id !== bonus.id);
  }
  return expired.length;
}
