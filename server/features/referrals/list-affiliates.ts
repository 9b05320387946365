import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import { AFFILIATES_LIST_LIMIT, type AffiliatesAnswer } from '../../../src/contract/referrals.ts';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { users } from '../users/schema.ts';
import { ensureReferralCode } from './code.ts';
import { maskName } from './mask.ts';
import { referrals } from './schema.ts';

/**
 * `GET /profile/affiliates`: the player's code (made now when they have
 * none), what a qualified friend pays on this tenant, and their referred
 * friends with masked names, newest first. Only this tenant's rows, only the
 * player's own friends.
 */
export async function listAffiliates(db: Db, tenant: TenantContext, userId: number): Promise<AffiliatesAnswer> {
  const code = await ensureReferralCode(db, { tenantId: tenant.id, userId });
  const mine = and(eq(referrals.tenantId, tenant.id), eq(referrals.referrerUserId, userId));
  const rows = await db
    .select({ name: users.name, registeredAt: referrals.createdAt, status: referrals.status, qualifiedAt: referrals.qualifiedAt, reward: referrals.reward })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(mine)
    .orderBy(desc(referrals.createdAt), desc(referrals.referredUserId))
    .limit(AFFILIATES_LIST_LIMIT);
  const [totals] = await db
    .select({
      friends: count(),
      qualified: sql<number>`count(*) filter (where ${referrals.status} = 'qualified')`.mapWith(Number),
      rewards: sum(referrals.reward).mapWith(Number),
    })
    .from(referrals)
    .where(mine);
  const regulated = tenant.config.is_regulated;
  return {
    code,
    reward_per_friend: regulated ? 0 : tenant.config.cpa_value,
    qualifying_deposit: tenant.config.min_deposit,
    regulated,
    data: rows.map((row) => ({
      name: maskName(row.name),
      registered_at: row.registeredAt.toISOString(),
      status: row.status,
      qualified_at: row.qualifiedAt?.toISOString() ?? null,
      reward: row.reward,
    })),
    totals: { friends: totals?.friends ?? 0, qualified: totals?.qualified ?? 0, rewards: totals?.rewards ?? 0 },
  };
}
