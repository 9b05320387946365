import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { tenants } from '../tenants/schema.ts';
import { applyMovement } from '../wallet/movement.ts';
import { lockWalletAndBonuses } from './locks.ts';
import { assertBonusAllowed } from './regulated.ts';
import { type PlayerBonusRow, playerBonuses } from './schema.ts';
import { type LockedBonuses, releaseBonus } from './settle.ts';

export interface GrantBonusInput {
  tenantId: number;
  userId: number;
  source: PlayerBonusRow['source'];
  /** With `source`, the grant's idempotency key per player (coupon redemption, cashback item, rank level…). */
  sourceRef: string;
  /** Positive integer centavos of bonus money. */
  amount: number;
  /** Rollover required = ⌈amount × multiplier⌉ of bets; 0 releases it at once. */
  rolloverMultiplier: number;
  /** When what is left of it is taken back if the rollover is not met; null never. */
  expiresAt: Date | null;
  /** Extra ledger metadata (e.g. `coupon`, `description`: what GET /wallet/bonuses calls it). */
  metadata?: Record<string, unknown>;
  now?: Date;
}

export interface GrantBonusResult {
  bonus: PlayerBonusRow;
  /** True when this (player, source, sourceRef) was granted before: nothing moved this time. */
  replayed: boolean;
}

/** Largest rollover multiplier accepted (operators' offers are far below). */
export const MAX_ROLLOVER_MULTIPLIER = 100;

/**
 * Credits bonus money: one `player_bonuses` row and one `bonus` ledger row
 * (not withdrawable: withdrawable_delta 0; reference `grant:{bonus id}`) in
 * one transaction (a savepoint inside the caller's). Idempotent on
 * (tenant, player, source, sourceRef): a repeat, or a concurrent duplicate,
 * returns the first grant with `replayed: true`.
 *
 * The tenant's `is_regulated` is checked here as well (defence in depth):
 * callers should call `assertBonusAllowed` before offering anything, and
 * must not call this from a path that must not fail (a bet), on a
 * regulated tenant.
 *
 * @throws RegulatedBonusError (403 `bonus_not_allowed`) on a regulated tenant.
 * @throws RangeError for a non-positive amount or a bad multiplier (validate at the boundary).
 */
export async function grantBonus(db: Db, input: GrantBonusInput): Promise<GrantBonusResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError('bonus amount must be a positive integer of centavos');
  if (!Number.isFinite(input.rolloverMultiplier) || input.rolloverMultiplier < 0 || input.rolloverMultiplier > MAX_ROLLOVER_MULTIPLIER) {
    throw new RangeError('rollover multiplier out of range');
  }
  if (input.sourceRef.length === 0 || input.sourceRef.length > 200) throw new RangeError('sourceRef must be 1 to 200 characters');
  const now = input.now ?? new Date();

  return db.transaction(async (tx) => {
    const [tenant] = await tx.select({ config: tenants.config }).from(tenants).where(eq(tenants.id, input.tenantId));
    if (tenant) assertBonusAllowed(tenant.config);

    const locked = await lockWalletAndBonuses(tx, input);
    const [bonus] = await tx
      .insert(playerBonuses)
      .values({
        tenantId: input.tenantId,
        userId: input.userId,
        source: input.source,
        sourceRef: input.sourceRef,
        amount: input.amount,
        rolloverRequired: Math.ceil(input.amount * input.rolloverMultiplier),
        expiresAt: input.expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!bonus) {
      const [earlier] = await tx
        .select()
        .from(playerBonuses)
        .where(
          and(
            eq(playerBonuses.tenantId, input.tenantId),
            eq(playerBonuses.userId, input.userId),
            eq(playerBonuses.source, input.source),
            eq(playerBonuses.sourceRef, input.sourceRef),
          ),
        );
      if (!earlier) throw new Error('bonus insert conflicted but no earlier grant was found');
      return { bonus: earlier, replayed: true };
    }

    const credited = await applyMovement(tx, {
      tenantId: input.tenantId,
      userId: input.userId,
      type: 'bonus',
      amount: input.amount,
      withdrawableDelta: 0,
      reference: `grant:${bonus.id}`,
      metadata: { ...input.metadata, bonus_id: bonus.id, source: input.source, source_ref: input.sourceRef },
    });
    if (bonus.rolloverRequired > 0) return { bonus, replayed: false };
    // No rollover asked: released at once (still a bonus row and a rollover row, so the history tells what happened).
    const state: LockedBonuses = { wallet: credited.wallet, active: [...locked.active, bonus] };
    await releaseBonus(tx, state, bonus, now);
    const [done] = await tx.select().from(playerBonuses).where(eq(playerBonuses.id, bonus.id));
    return { bonus: done!, replayed: false };
  });
}
