import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { type WalletRow, wallets } from '../wallet/schema.ts';
import { type PlayerBonusRow, playerBonuses } from './schema.ts';

/**
 * Locks the player's wallet (creating it when missing) and then their active
 * bonuses, oldest first, in that order: every bonus change takes the locks
 * the same way as a bet (wallet first, applyMovement), so two of them never
 * wait on each other crosswise. Call inside a transaction.
 */
export async function lockWalletAndBonuses(tx: Db, q: { tenantId: number; userId: number }): Promise<{ wallet: WalletRow | null; active: PlayerBonusRow[] }> {
  await tx.execute(sql`
    insert into wallets (user_id, tenant_id)
    select id, tenant_id from users where id = ${q.userId} and tenant_id = ${q.tenantId}
    on conflict (user_id) do nothing`);
  const [wallet] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, q.userId), eq(wallets.tenantId, q.tenantId)))
    .for('update');
  const active = await tx
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.tenantId, q.tenantId), eq(playerBonuses.userId, q.userId), eq(playerBonuses.status, 'active')))
    .orderBy(asc(playerBonuses.createdAt), asc(playerBonuses.id))
    .for('update');
  return { wallet: wallet ?? null, active };
}
