import { and, eq } from 'drizzle-orm';
import type { FreeRoundsReward } from '../../../src/contract/bonuses.ts';
import type { Db } from '../../db/open.ts';
import { assertBonusAllowed } from '../bonuses/regulated.ts';
import { tenants } from '../tenants/schema.ts';
import { type FreeRoundGrantRow, freeRoundGrants } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface GrantFreeRoundsInput {
  tenantId: number;
  userId: number;
  source: FreeRoundGrantRow['source'];
  /** With `source`, the grant's idempotency key per player (for a coupon: `{coupon id}:{n-th use}`). */
  sourceRef: string;
  couponId: number | null;
  reward: FreeRoundsReward;
  now?: Date;
}

/**
 * Gives a player free rounds of a house game: one `free_round_grants` row
 * (rounds left = rounds, expiry `expires_days` from now). Moves no money:
 * the stakes are paid when the rounds are played. Idempotent on (tenant,
 * player, source, sourceRef), like grantBonus: a repeat or a concurrent
 * duplicate returns the first grant with `replayed: true`.
 *
 * A free round is a bonus under Lei 14.790 art. 29: refused on a regulated
 * tenant (checked here too, as grantBonus does).
 * @throws RegulatedBonusError (403 `bonus_not_allowed`).
 */
export async function grantFreeRounds(db: Db, input: GrantFreeRoundsInput): Promise<{ grant: FreeRoundGrantRow; replayed: boolean }> {
  const now = input.now ?? new Date();
  const { reward } = input;
  return db.transaction(async (tx) => {
    const [tenant] = await tx.select({ config: tenants.config }).from(tenants).where(eq(tenants.id, input.tenantId));
    if (tenant) assertBonusAllowed(tenant.config);
    const [grant] = await tx
      .insert(freeRoundGrants)
      .values({
        tenantId: input.tenantId,
        userId: input.userId,
        source: input.source,
        sourceRef: input.sourceRef,
        couponId: input.couponId,
        game: reward.game,
        stake: reward.stake,
        rounds: reward.rounds,
        roundsLeft: reward.rounds,
        rolloverMultiplier: reward.rollover_multiplier,
        bonusExpiresDays: reward.expires_days,
        expiresAt: new Date(now.getTime() + reward.expires_days * DAY_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (grant) return { grant, replayed: false };
    const [earlier] = await tx
      .select()
      .from(freeRoundGrants)
      .where(
        and(
          eq(freeRoundGrants.tenantId, input.tenantId),
          eq(freeRoundGrants.userId, input.userId),
          eq(freeRoundGrants.source, input.source),
          eq(freeRoundGrants.sourceRef, input.sourceRef),
        ),
      );
    if (!earlier) throw new Error('free-rounds insert conflicted but no earlier grant was found');
    return { grant: earlier, replayed: true };
  });
}
