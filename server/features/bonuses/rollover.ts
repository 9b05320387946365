import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { lockWalletAndBonuses } from './locks.ts';
import { playerBonuses } from './schema.ts';
import { forfeitExpired, type LockedBonuses, releaseBonus } from './settle.ts';
import { recordBonusStake } from './win-shares.ts';

export interface WagerProgress {
  tenantId: number;
  userId: number;
  /** The stake, positive centavos. */
  amount: number;
  /** The bet's reference (kept on a release's ledger row: the bet that completed it). */
  reference: string;
  now?: Date;
}

/**
 * Counts a bet towards the player's active bonuses: first forfeits those
 * past `expires_at` (forfeitExpired), then adds the stake to the oldest
 * active bonus's `rollover_done`, what exceeds its requirement to the next
 * one, and so on; each bonus whose rollover is met is released at once
 * (releaseBonus: a `rollover` ledger row, status `completed`). Before that it
 * records which bonuses paid the stake (`bonus_stakes`, recordBonusStake), so
 * the bet's win is credited in the same shares.
 *
 * Called by `recordWager` (server/features/wallet/on-wager.ts) inside the
 * bet's ledger transaction, once per bet: the bet's own reference makes a
 * replayed bet skip the hook, so this function does not deduplicate again.
 * Every bet counts, casino and sports, whatever the game (docs/rewards.md).
 */
export async function addRolloverProgress(tx: Db, input: WagerProgress): Promise<void> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return;
  const now = input.now ?? new Date();
  await tx.transaction(async (inner) => {
    const locked = await lockWalletAndBonuses(inner, input);
    if (!locked.wallet || locked.active.length === 0) return;
    // Which bonuses paid this stake, before anything is released or forfeited: its win is credited in those shares (win-shares.ts).
    await recordBonusStake(inner, input, locked.active);
    const state: LockedBonuses = { wallet: locked.wallet, active: locked.active };
    await forfeitExpired(inner, state, now);
    let stake = input.amount;
    for (const bonus of [...state.active]) {
      if (stake <= 0) break;
      const counted = Math.min(stake, bonus.rolloverRequired - bonus.rolloverDone);
      stake -= counted;
      const done = bonus.rolloverDone + counted;
      if (done >= bonus.rolloverRequired) {
        await releaseBonus(inner, state, { ...bonus, rolloverDone: done }, now, input.reference);
      } else {
        await inner.update(playerBonuses).set({ rolloverDone: done }).where(eq(playerBonuses.id, bonus.id));
      }
    }
  });
}

/**
 * Takes a refunded or rolled-back bet back out of the rollover progress, so a
 * voided bet does not count: off the oldest active bonus first (bets count
 * towards it first; which bonus a given bet counted for is not recorded),
 * then the next, never below zero. A bonus already released stays released.
 */
export async function removeRolloverProgress(tx: Db, input: WagerProgress): Promise<void> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return;
  await tx.transaction(async (inner) => {
    const locked = await lockWalletAndBonuses(inner, input);
    let stake = input.amount;
    for (const bonus of locked.active) {
      if (stake <= 0) break;
      const removed = Math.min(stake, bonus.rolloverDone);
      if (removed === 0) continue;
      stake -= removed;
      await inner.update(playerBonuses).set({ rolloverDone: bonus.rolloverDone - removed }).where(eq(playerBonuses.id, bonus.id));
    }
  });
}
