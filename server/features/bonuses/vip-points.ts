import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { vipPointEntries } from '../ranks/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Gives VIP points for a coupon: a `vip_point_entries` row (reason `coupon`)
 * and `users.vip_points` raised by as much, in the caller's transaction.
 * Idempotent on the entry's unique (tenant, reason, reference): a repeat adds
 * nothing. VIP points are not money, so this is allowed on regulated tenants.
 * @returns false when `reference` was already credited.
 */
export async function addCouponVipPoints(tx: Db, input: { tenantId: number; userId: number; points: number; reference: string }): Promise<boolean> {
  const [entry] = await tx
    .insert(vipPointEntries)
    .values({ tenantId: input.tenantId, userId: input.userId, points: input.points, reason: 'coupon', reference: input.reference })
    .onConflictDoNothing()
    .returning({ id: vipPointEntries.id });
  if (!entry) return false;
  await tx
    .update(users)
    .set({ vipPoints: sql`${users.vipPoints} + ${input.points}` })
    .where(sql`${users.id} = ${input.userId} and ${users.tenantId} = ${input.tenantId}`);
  return true;
}
