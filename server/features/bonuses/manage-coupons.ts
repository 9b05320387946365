import { and, asc, desc, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { COUPON_CODE, type CouponInput, CouponInputSchema, CouponPatchSchema, normaliseCouponCode } from '../../../src/contract/bonuses.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import type { TenantContext } from '../../http/context.ts';
import { users } from '../users/schema.ts';
import { COUPON_MESSAGES } from './messages.ts';
import { assertBonusAllowed } from './regulated.ts';
import { couponRedemptions, type CouponReward, type CouponRow, coupons } from './schema.ts';

const REDEMPTIONS_PAGE_SIZE = 50;

/** A bonus-money or free-rounds coupon that would be live: refused on a regulated tenant (Lei 14.790 art. 29). Switched-off ones may stay. */
function assertRewardAllowed(tenant: Pick<TenantContext, 'config'>, reward: CouponReward, active: boolean): void {
  if (reward.kind !== 'vip_points' && active) assertBonusAllowed(tenant.config);
}

/** The path's code as stored; an impossible one is simply not found. */
export function parseCouponCode(raw: string): string {
  const code = normaliseCouponCode(raw);
  if (!COUPON_CODE.test(code)) throw new NotFoundError('coupon_not_found', { message: COUPON_MESSAGES.notFound });
  return code;
}

/** One coupon of the tenant. @throws NotFoundError 404 `coupon_not_found`. */
export async function findCoupon(db: Db, tenantId: number, code: string): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.tenantId, tenantId), eq(coupons.code, code)));
  if (!row) throw new NotFoundError('coupon_not_found', { message: COUPON_MESSAGES.notFound });
  return row;
}

function toValues(input: Omit<CouponInput, 'code'>) {
  return {
    description: input.description,
    reward: input.reward,
    public: input.public,
    startsAt: input.starts_at === null ? null : new Date(input.starts_at),
    endsAt: input.ends_at === null ? null : new Date(input.ends_at),
    maxUses: input.max_uses,
    maxUsesPerPlayer: input.max_uses_per_player,
    active: input.active,
  };
}

/**
 * Creates a coupon (validated whole: 422 naming the fields, nothing written).
 * @throws RegulatedBonusError (403) for an active bonus-money coupon on a regulated tenant.
 * @throws DomainError 409 `coupon_exists` when the tenant has the code already.
 */
export async function createCoupon(db: Db, tenant: Pick<TenantContext, 'id' | 'config'>, body: unknown): Promise<CouponRow> {
  const input = v.parse(CouponInputSchema, body);
  assertRewardAllowed(tenant, input.reward, input.active);
  const [row] = await db
    .insert(coupons)
    .values({ tenantId: tenant.id, code: input.code, ...toValues(input) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DomainError('coupon_exists', 409, undefined, { message: COUPON_MESSAGES.exists });
  return row;
}

/**
 * Changes some fields of a coupon (the code stays). The result is checked
 * whole: the window's order and, on a regulated tenant, no live bonus money.
 * Deactivating (`active: false`) is how a coupon is withdrawn: its
 * redemptions stay.
 */
export async function updateCoupon(db: Db, tenant: Pick<TenantContext, 'id' | 'config'>, code: string, body: unknown): Promise<CouponRow> {
  const patch = v.parse(CouponPatchSchema, body);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.tenantId, tenant.id), eq(coupons.code, code)))
      .for('update');
    if (!current) throw new NotFoundError('coupon_not_found', { message: COUPON_MESSAGES.notFound });
    const merged = v.parse(CouponInputSchema, {
      code: current.code,
      description: patch.description ?? current.description,
      reward: patch.reward ?? current.reward,
      public: patch.public ?? current.public,
      starts_at: patch.starts_at !== undefined ? patch.starts_at : (current.startsAt?.toISOString() ?? null),
      ends_at: patch.ends_at !== undefined ? patch.ends_at : (current.endsAt?.toISOString() ?? null),
      max_uses: patch.max_uses !== undefined ? patch.max_uses : current.maxUses,
      max_uses_per_player: patch.max_uses_per_player ?? current.maxUsesPerPlayer,
      active: patch.active ?? current.active,
    });
    assertRewardAllowed(tenant, merged.reward, merged.active);
    const [row] = await tx
      .update(coupons)
      .set({ ...toValues(merged), updatedAt: sql`now()` })
      .where(eq(coupons.id, current.id))
      .returning();
    return row!;
  });
}

/** Every coupon of the tenant (switched off too), oldest first, with `uses`. */
export async function listTenantCoupons(db: Db, tenantId: number): Promise<CouponRow[]> {
  return db.select().from(coupons).where(eq(coupons.tenantId, tenantId)).orderBy(asc(coupons.id));
}

export interface OperatorRedemptionView {
  id: number;
  user: { id: number; name: string; username: string | null };
  date: string;
}

/** Who redeemed `code`, newest first, 50 a page. */
export async function listCouponRedemptions(db: Db, tenantId: number, code: string, page: number): Promise<PagedList<OperatorRedemptionView> & { coupon: string }> {
  const coupon = await findCoupon(db, tenantId, code);
  const where = and(eq(couponRedemptions.tenantId, tenantId), eq(couponRedemptions.couponId, coupon.id));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(couponRedemptions).where(where);
  const rows = await db
    .select({ id: couponRedemptions.id, userId: users.id, name: users.name, username: users.username, date: couponRedemptions.createdAt })
    .from(couponRedemptions)
    .innerJoin(users, eq(users.id, couponRedemptions.userId))
    .where(where)
    .orderBy(desc(couponRedemptions.id))
    .limit(REDEMPTIONS_PAGE_SIZE)
    .offset((page - 1) * REDEMPTIONS_PAGE_SIZE);
  return {
    coupon: coupon.code,
    data: rows.map((r) => ({ id: r.id, user: { id: r.userId, name: r.name, username: r.username }, date: r.date.toISOString() })),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / REDEMPTIONS_PAGE_SIZE)),
    total,
  };
}
