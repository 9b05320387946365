import { and, count, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { CouponsAnswer } from '../../../src/contract/bonuses.ts';
import type { Db } from '../../db/open.ts';
import { listFreeRounds } from '../free-rounds/list.ts';
import { couponRedemptions, coupons } from './schema.ts';

/**
 * `GET /bonuses/coupons`. `data`: the tenant's public coupons on offer now
 * (active, inside their window, not used up), oldest first, each with how
 * often this player used it; bonus-money and free-rounds coupons are left out
 * on a regulated tenant (they could not be claimed). `redemptions`: the
 * player's last 50 redemptions, newest first (none for a visitor);
 * `free_rounds`: the player's free rounds still to play (free-rounds/list.ts).
 */
export async function listCoupons(db: Db, q: { tenantId: number; regulated: boolean; userId: number | null; now?: Date }): Promise<CouponsAnswer> {
  const now = q.now ?? new Date();
  const offered = (
    await db
      .select()
      .from(coupons)
      .where(
        and(
          eq(coupons.tenantId, q.tenantId),
          eq(coupons.public, true),
          eq(coupons.active, true),
          or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
          or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
        ),
      )
      .orderBy(coupons.id)
  ).filter((c) => (c.maxUses === null || c.uses < c.maxUses) && !(q.regulated && c.reward.kind !== 'vip_points'));

  const usedBy = new Map<number, number>();
  if (q.userId !== null && offered.length > 0) {
    const rows = await db
      .select({ couponId: couponRedemptions.couponId, used: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.userId, q.userId), inArray(couponRedemptions.couponId, offered.map((c) => c.id))))
      .groupBy(couponRedemptions.couponId);
    for (const r of rows) usedBy.set(r.couponId, r.used);
  }
  const redemptions =
    q.userId === null
      ? []
      : await db
          .select({ code: coupons.code, description: coupons.description, reward: coupons.reward, date: couponRedemptions.createdAt })
          .from(couponRedemptions)
          .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
          .where(and(eq(couponRedemptions.tenantId, q.tenantId), eq(couponRedemptions.userId, q.userId)))
          .orderBy(desc(couponRedemptions.id))
          .limit(50);

  return {
    data: offered.map((c) => {
      const used = usedBy.get(c.id) ?? 0;
      return {
        code: c.code,
        description: c.description,
        reward: c.reward,
        ends_at: c.endsAt?.toISOString() ?? null,
        max_uses_per_player: c.maxUsesPerPlayer,
        used,
        available: used < c.maxUsesPerPlayer,
      };
    }),
    redemptions: redemptions.map((r) => ({ code: r.code, description: r.description, reward: r.reward, date: r.date.toISOString() })),
    free_rounds: q.userId === null ? [] : await listFreeRounds(db, { tenantId: q.tenantId, userId: q.userId, now }),
  };
}
