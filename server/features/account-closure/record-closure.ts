import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { type UserRow, users } from '../users/schema.ts';
import { revokeUserTokens } from '../users/tokens.ts';
import { type AccountClosureRow, accountClosures } from './schema.ts';

export type ClosureReason = AccountClosureRow['reason'];

/**
 * The player's row of `tenantId`, locked for update in `tx`: the mutex of
 * closing, so two closes of one account (two tabs, two job nodes) run one
 * after the other and the second sees `closed_at`.
 */
export async function lockPlayer(tx: Db, tenantId: number, userId: number): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .for('update');
  return row ?? null;
}

/**
 * Closes an account whose row the caller locked in `tx` (see {@link lockPlayer})
 * and found open: the closure on record, `users.closed_at`, and every
 * access token revoked, all in the caller's transaction. No money moves:
 * whatever the wallet still holds stays on the closed account's ledger,
 * owed to the player (docs/account-closure.md).
 */
export async function recordClosure(
  tx: Db,
  user: Pick<UserRow, 'id' | 'tenantId'>,
  input: { reason: ClosureReason; note?: string | null; at: Date },
): Promise<AccountClosureRow> {
  const [closure] = await tx
    .insert(accountClosures)
    .values({ tenantId: user.tenantId, userId: user.id, reason: input.reason, note: input.note ?? null, createdAt: input.at })
    .returning();
  if (!closure) throw new Error('closure insert returned nothing');
  await tx.update(users).set({ closedAt: input.at, updatedAt: input.at }).where(eq(users.id, user.id));
  await revokeUserTokens(tx, user.id, { now: input.at });
  return closure;
}
