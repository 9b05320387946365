import { and, count, desc, eq } from 'drizzle-orm';
import { DEFAULT_VIP_POINTS_PER_100, type RankingView, type RankUpView, type VipView } from '../../../src/contract/ranking.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import { rankProgress } from '../../../src/lib/ranking.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import { rankUps } from './schema.ts';
import { listRanks, toRankView } from './table.ts';

const RANK_UPS_PAGE_SIZE = 50;

/**
 * `GET /ranking`: the tenant's rank table and, for a signed-in player, their
 * level, total wagered and the way to the next rank (src/lib/ranking.ts, the
 * same maths the site uses).
 */
export async function getRanking(db: Db, q: { tenantId: number; userId: number | null }): Promise<RankingView> {
  const table = (await listRanks(db, q.tenantId)).map(toRankView);
  if (q.userId === null) return { ranks: table, player: null };
  const [player] = await db
    .select({ level: users.level, totalBet: users.totalBet })
    .from(users)
    .where(and(eq(users.id, q.userId), eq(users.tenantId, q.tenantId)));
  if (!player) throw new NotFoundError('user_not_found');
  return { ranks: table, player: rankProgress(table, player.totalBet, player.level) };
}

/** The tenant's VIP rate (points per R$ 100,00 wagered). */
export const vipRateOf = (config: Pick<SiteConfig, 'vip_points_per_100'>): number => config.vip_points_per_100 ?? DEFAULT_VIP_POINTS_PER_100;

/**
 * `GET /profile/vip`: the VIP club's tier (the highest rank reached) and the
 * player's points. Points are a loyalty count, not money.
 */
export async function getVip(db: Db, q: { tenantId: number; userId: number; config: Pick<SiteConfig, 'vip_points_per_100'> }): Promise<VipView> {
  const [player] = await db
    .select({ level: users.level, vipLevel: users.vipLevel, points: users.vipPoints })
    .from(users)
    .where(and(eq(users.id, q.userId), eq(users.tenantId, q.tenantId)));
  if (!player) throw new NotFoundError('user_not_found');
  return { level: Math.max(player.level, player.vipLevel), points: player.points, pointsPer100: vipRateOf(q.config) };
}

/** The operator's list of who reached what, newest first, paged like the wallet lists. */
export async function listRankUps(db: Db, q: { tenantId: number; page: number }): Promise<PagedList<RankUpView>> {
  const where = eq(rankUps.tenantId, q.tenantId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(rankUps).where(where);
  const rows = await db
    .select({ userId: rankUps.userId, name: users.name, level: rankUps.level, reachedAt: rankUps.reachedAt })
    .from(rankUps)
    .innerJoin(users, eq(users.id, rankUps.userId))
    .where(where)
    .orderBy(desc(rankUps.reachedAt), desc(rankUps.level), desc(rankUps.userId))
    .limit(RANK_UPS_PAGE_SIZE)
    .offset((q.page - 1) * RANK_UPS_PAGE_SIZE);
  return {
    data: rows.map((r) => ({ user_id: r.userId, name: r.name, level: r.level, reached_at: r.reachedAt.toISOString() })),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / RANK_UPS_PAGE_SIZE)),
    total,
  };
}
