import type { Db } from '../../db/open.ts';
import { createLogger } from '../../logger.ts';
import { grantBonus } from '../bonuses/grant.ts';
import type { RankReward } from './schema.ts';
import { addVipPoints } from './vip-points.ts';

/**
 * The wager hook runs inside bets, which carry no logger; a skipped cash
 * reward is rare and worth a line of its own.
 */
const log = createLogger('info');

/**
 * Gives the reward the operator set on a rank, once per player and level
 * (`user:{id}:level:{n}` for the points, `level:{n}` for a bonus), inside the bet's transaction:
 * - VIP points: allowed everywhere (not money);
 * - bonus money: through grantBonus (rollover as configured), but on a
 *   regulated tenant (Lei 14.790/2023 art. 29) it is skipped and logged —
 *   the bet that reached the rank must not fail for it.
 * @returns the VIP points given (0 for none or a bonus).
 */
export async function giveRankReward(tx: Db, input: { tenantId: number; userId: number; level: number; reward: RankReward | null; regulated: boolean }): Promise<number> {
  const { reward } = input;
  if (!reward) return 0;
  const reference = `level:${input.level}`;
  if (reward.kind === 'vip_points') {
    // VIP point references are unique per tenant, so this one names the player too.
    const added = await addVipPoints(tx, { tenantId: input.tenantId, userId: input.userId, points: reward.points, reason: 'rank', reference: `user:${input.userId}:${reference}` });
    return added ? reward.points : 0;
  }
  if (input.regulated) {
    log.warn('rank reward skipped: bonus money is not allowed on a regulated tenant', { tenant_id: input.tenantId, user_id: input.userId, level: input.level, amount: reward.amount });
    return 0;
  }
  await grantBonus(tx, {
    tenantId: input.tenantId,
    userId: input.userId,
    source: 'rank',
    sourceRef: reference,
    amount: reward.amount,
    rolloverMultiplier: reward.rollover_multiplier,
    expiresAt: null,
    metadata: { description: `rank ${input.level}` },
  });
  return 0;
}
