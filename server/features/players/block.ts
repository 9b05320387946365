import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PlayerRowView } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import { revokeUserTokens } from '../users/tokens.ts';
import { PLAYER_MESSAGES } from './messages.ts';
import { selectPlayerRows, toPlayerRow } from './row.ts';

interface Target {
  tenantId: number;
  userId: number;
  now: Date;
}

/** Whether the player is blocked, as the audit log records the state a block or unblock changes. */
export type BlockState = Pick<PlayerRowView, 'blockedAt' | 'blockedReason'>;

/**
 * The player's block state now (the audit log's `before`).
 * @throws NotFoundError (404) when no player `userId` exists on the tenant.
 */
export async function blockState(db: Db, t: Omit<Target, 'now'>): Promise<BlockState> {
  const [row] = await db
    .select({ blockedAt: users.blockedAt, blockedReason: users.blockedReason })
    .from(users)
    .where(and(eq(users.tenantId, t.tenantId), eq(users.id, t.userId)));
  if (!row) throw new NotFoundError('player_not_found');
  return { blockedAt: row.blockedAt?.toISOString() ?? null, blockedReason: row.blockedAt ? row.blockedReason : null };
}

async function playerRow(db: Db, t: Target): Promise<PlayerRowView> {
  const [row] = await selectPlayerRows(db).where(and(eq(users.tenantId, t.tenantId), eq(users.id, t.userId)));
  if (!row) throw new NotFoundError('player_not_found');
  return toPlayerRow(row, t.now);
}

/**
 * `POST /api/operator/players/{id}/block`: marks the account blocked with
 * `reason` and revokes every token of the player, in one transaction. From
 * then on the login and every call with the player's tokens answer 403
 * `account_blocked` (server/http/actor.ts), until unblocked.
 * @returns the player's row as it is now.
 * @throws NotFoundError (404) off the tenant; 409 `player_already_blocked`.
 */
export async function blockPlayer(db: Db, t: Target & { reason: string }): Promise<PlayerRowView> {
  await db.transaction(async (tx) => {
    const [blocked] = await tx
      .update(users)
      .set({ blockedAt: t.now, blockedReason: t.reason, updatedAt: t.now })
      .where(and(eq(users.tenantId, t.tenantId), eq(users.id, t.userId), isNull(users.blockedAt)))
      .returning({ id: users.id });
    if (!blocked) {
      await blockState(tx, t);
      throw new DomainError('player_already_blocked', 409, undefined, { message: PLAYER_MESSAGES.alreadyBlocked });
    }
    await revokeUserTokens(tx, t.userId, { now: t.now });
  });
  return playerRow(db, t);
}

/**
 * `POST /api/operator/players/{id}/unblock`: lifts the block, so the player
 * may log in again (the sessions the block ended stay ended).
 * @returns the player's row as it is now.
 * @throws NotFoundError (404) off the tenant; 409 `player_not_blocked`.
 */
export async function unblockPlayer(db: Db, t: Target): Promise<PlayerRowView> {
  const [unblocked] = await db
    .update(users)
    .set({ blockedAt: null, blockedReason: null, updatedAt: t.now })
    .where(and(eq(users.tenantId, t.tenantId), eq(users.id, t.userId), isNotNull(users.blockedAt)))
    .returning({ id: users.id });
  if (!unblocked) {
    await blockState(db, t);
    throw new DomainError('player_not_blocked', 409, undefined, { message: PLAYER_MESSAGES.notBlocked });
  }
  return playerRow(db, t);
}
