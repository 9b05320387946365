import { and, count, eq, sql } from 'drizzle-orm';
import type { CouponRewardView } from '../../../src/contract/bonuses.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { Db } from '../../db/open.ts';
import { addVipPoints } from '../ranks/vip-points.ts';
import { CouponRefusedError } from './coupon-errors.ts';
import { grantBonus } from './grant.ts';
import { assertBonusAllowed } from './regulated.ts';
import { couponRedemptions, type CouponRow, coupons, type PlayerBonusRow } from './schema.ts';
import { grantFreeRounds } from '../free-rounds/grant.ts';
import type { FreeRoundGrantRow } from '../free-rounds/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RedeemInput {
  tenant: { id: number; config: Pick<SiteConfig, 'is_regulated'> };
  userId: number;
  /** Already normalised (CheckCouponSchema). */
  code: string;
  now?: Date;
}

export interface Redeemed {
  coupon: CouponRow;
  reward: CouponRewardView;
  /** The bonus created for a bonus reward, else null. */
  bonus: PlayerBonusRow | null;
  /** The free rounds given for a free-rounds reward, else null. */
  freeRounds: FreeRoundGrantRow | null;
}

/**
 * Checks a coupon and, when the player may use it, redeems it (the
 * specification has one call, `check-coupon`: a valid code is applied). All
 * under the coupon row's lock (`SELECT … FOR UPDATE`), so concurrent
 * redemptions are counted one after the other and `uses` never passes
 * `max_uses`, nor a player's redemptions `max_uses_per_player`. In one
 * transaction: the redemption row, `uses` + 1 and the reward (grantBonus,
 * VIP points, or grantFreeRounds) — all or nothing.
 *
 * Refusals, in this order: unknown or switched off → `coupon_invalid`;
 * before `starts_at` → `coupon_not_started`; from `ends_at` → `coupon_expired`;
 * a bonus or free-rounds reward on a regulated tenant → `bonus_not_allowed` (403); the
 * player's limit reached → `coupon_already_used`; the overall limit reached →
 * `coupon_used_up`. A second click of a one-per-player coupon therefore
 * answers `coupon_already_used` and moves nothing.
 */
export async function redeemCoupon(db: Db, input: RedeemInput): Promise<Redeemed> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.tenantId, input.tenant.id), eq(coupons.code, input.code)))
      .for('update');
    if (!coupon || !coupon.active) throw new CouponRefusedError('coupon_invalid');
    if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) throw new CouponRefusedError('coupon_not_started');
    if (coupon.endsAt && coupon.endsAt.getTime() <= now.getTime()) throw new CouponRefusedError('coupon_expired');
    // Bonus money and free rounds are both bonuses under Lei 14.790 art. 29; VIP points are not.
    if (coupon.reward.kind !== 'vip_points') assertBonusAllowed(input.tenant.config);

    const [{ used } = { used: 0 }] = await tx
      .select({ used: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, input.userId)));
    if (used >= coupon.maxUsesPerPlayer) throw new CouponRefusedError('coupon_already_used');
    if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) throw new CouponRefusedError('coupon_used_up');

    const [redemption] = await tx
      .insert(couponRedemptions)
      .values({ tenantId: input.tenant.id, couponId: coupon.id, userId: input.userId, createdAt: now })
      .returning({ id: couponRedemptions.id });
    const [updated] = await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(eq(coupons.id, coupon.id))
      .returning();

    const reward = coupon.reward;
    // The player's n-th use of this coupon: with the coupon id, the grant's idempotency key.
    const ref = `${coupon.id}:${used + 1}`;
    let bonus: PlayerBonusRow | null = null;
    let freeRounds: FreeRoundGrantRow | null = null;
    if (reward.kind === 'free_rounds') {
      freeRounds = (
        await grantFreeRounds(tx, { tenantId: input.tenant.id, userId: input.userId, source: 'coupon', sourceRef: ref, couponId: coupon.id, reward, now })
      ).grant;
    } else if (reward.kind === 'bonus') {
      bonus = (
        await grantBonus(tx, {
          tenantId: input.tenant.id,
          userId: input.userId,
          source: 'coupon',
          sourceRef: ref,
          amount: reward.amount,
          rolloverMultiplier: reward.rollover_multiplier,
          expiresAt: new Date(now.getTime() + reward.expires_days * DAY_MS),
          metadata: { coupon: coupon.code, redemption_id: redemption!.id },
          now,
        })
      ).bonus;
    } else {
      await addVipPoints(tx, { tenantId: input.tenant.id, userId: input.userId, points: reward.points, reason: 'coupon', reference: `user:${input.userId}:coupon:${ref}` });
    }
    return { coupon: updated!, reward, bonus, freeRounds };
  });
}
