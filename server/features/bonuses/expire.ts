import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { lockWalletAndBonuses } from './locks.ts';
import { playerBonuses } from './schema.ts';
import { forfeitExpired } from './settle.ts';

/**
 * Forfeits one player's bonuses past `expires_at` (what is left of each is
 * taken back, see forfeitExpired). Idempotent: an expired bonus is no longer
 * active. @returns how many expired.
 */
export async function expirePlayerBonuses(db: Db, q: { tenantId: number; userId: number; now?: Date }): Promise<number> {
  const now = q.now ?? new Date();
  return db.transaction(async (tx) => {
    const locked = await lockWalletAndBonuses(tx, q);
    if (!locked.wallet) return 0;
    return forfeitExpired(tx, { wallet: locked.wallet, active: locked.active }, now);
  });
}

/**
 * The expiry job's pass: every player (all tenants) holding an active bonus
 * past its expiry, up to `limit` of them, one transaction each. Safe on
 * several nodes at once: the locks make the second pass find nothing active.
 * @returns how many bonuses expired.
 */
export async function expireDueBonuses(db: Db, now = new Date(), limit = 500): Promise<number> {
  const due = await db
    .selectDistinct({ tenantId: playerBonuses.tenantId, userId: playerBonuses.userId })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.status, 'active'), isNotNull(playerBonuses.expiresAt), lte(playerBonuses.expiresAt, now)))
    .limit(limit);
  let expired = 0;
  for (const player of due) expired += await expirePlayerBonuses(db, { ...player, now });
  return expired;
}
