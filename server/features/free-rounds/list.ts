import { and, asc, eq, gt } from 'drizzle-orm';
import type { FreeRoundsView } from '../../../src/contract/bonuses.ts';
import type { HouseGame } from '../../../src/contract/casino.ts';
import type { Db } from '../../db/open.ts';
import { coupons } from '../bonuses/schema.ts';
import { type FreeRoundGrantRow, freeRoundGrants } from './schema.ts';

/** The API view of a grant; `coupon` its coupon's code (null when it came from elsewhere). */
export function toFreeRoundsView(row: FreeRoundGrantRow, coupon: string | null): FreeRoundsView {
  return {
    id: row.id,
    game: row.game,
    rounds: row.rounds,
    rounds_left: row.roundsLeft,
    stake: row.stake,
    rollover_multiplier: row.rolloverMultiplier,
    expires_at: row.expiresAt.toISOString(),
    coupon,
  };
}

/**
 * The player's free rounds still to play (rounds left, not expired), soonest
 * expiry first — the order a free round is taken in. An expired grant simply
 * stops being listed or playable; its rounds are lost (nothing to take back:
 * a free round is money only once played).
 */
export async function listFreeRounds(db: Db, q: { tenantId: number; userId: number; game?: HouseGame; now?: Date }): Promise<FreeRoundsView[]> {
  const now = q.now ?? new Date();
  const rows = await db
    .select({ grant: freeRoundGrants, code: coupons.code })
    .from(freeRoundGrants)
    .leftJoin(coupons, eq(coupons.id, freeRoundGrants.couponId))
    .where(
      and(
        eq(freeRoundGrants.tenantId, q.tenantId),
        eq(freeRoundGrants.userId, q.userId),
        gt(freeRoundGrants.roundsLeft, 0),
        gt(freeRoundGrants.expiresAt, now),
        q.game ? eq(freeRoundGrants.game, q.game) : undefined,
      ),
    )
    .orderBy(asc(freeRoundGrants.expiresAt), asc(freeRoundGrants.id));
  return rows.map((r) => toFreeRoundsView(r.grant, r.code));
}
