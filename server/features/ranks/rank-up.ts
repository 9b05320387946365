import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { fill } from '../auth/messages.ts';
import type { NotificationRow } from '../notifications/present.ts';
import { notifications } from '../notifications/schema.ts';
import { users } from '../users/schema.ts';
import { RANK_MESSAGES } from './messages.ts';
import { giveRankReward } from './reward.ts';
import { rankUps } from './schema.ts';
import { ranksCrossed } from './table.ts';

export interface RankUpInput {
  tenantId: number;
  userId: number;
  /** The player's level before this wager. */
  level: number;
  /** users.total_bet after it. */
  totalBet: number;
  regulated: boolean;
}

/**
 * Moves the player up when their total wagered crossed one or more
 * thresholds, inside the bet's transaction (the users row is locked by the
 * hook, so concurrent bets of one player run one after the other):
 * - each level crossed gets a `rank_ups` row once (its primary key settles
 *   any race) and, only then, its reward;
 * - users.level (and vip_level, the VIP club's tier) becomes the highest level reached;
 * - one notification names the new rank, in both languages (each player's
 *   site shows theirs); it is stored in this transaction, so a bet that rolls
 *   back leaves none, and returned, so the caller publishes it live once the
 *   transaction has committed (never before: the bet may still roll back).
 * A level is never taken away: a refunded stake lowers total_bet, not the rank.
 * @returns the new level and the notification stored (null when every level
 * crossed was already reached), or null when nothing was crossed.
 */
export async function rankUpOnWager(tx: Db, input: RankUpInput): Promise<{ level: number; notice: NotificationRow | null } | null> {
  const crossed = await ranksCrossed(tx, input);
  const top = crossed.at(-1);
  if (!top) return null;
  let points = 0;
  let reachedNow = false;
  for (const rank of crossed) {
    const [reached] = await tx.insert(rankUps).values({ userId: input.userId, tenantId: input.tenantId, level: rank.level }).onConflictDoNothing().returning({ level: rankUps.level });
    if (!reached) continue;
    reachedNow = true;
    points += await giveRankReward(tx, { tenantId: input.tenantId, userId: input.userId, level: rank.level, reward: rank.reward ?? null, regulated: input.regulated });
  }
  await tx
    .update(users)
    .set({ level: sql`greatest(${users.level}, ${top.level})`, vipLevel: sql`greatest(${users.vipLevel}, ${top.level})` })
    .where(and(eq(users.id, input.userId), eq(users.tenantId, input.tenantId)));
  if (!reachedNow) return { level: top.level, notice: null };
  const template = points > 0 ? RANK_MESSAGES.rankUpPoints : RANK_MESSAGES.rankUpMessage;
  const message = (locale: 'pt' | 'en') => fill(template[locale], { name: top.name[locale], level: top.level, points: points.toLocaleString(locale === 'pt' ? 'pt-BR' : 'en-US') });
  const [notice] = await tx
    .insert(notifications)
    .values({
      tenantId: input.tenantId,
      userId: input.userId,
      type: 'user',
      notification: { title: RANK_MESSAGES.rankUpTitle, message: { pt: message('pt'), en: message('en') }, url: '/ranking' },
    })
    .returning();
  return { level: top.level, notice: notice ?? null };
}
