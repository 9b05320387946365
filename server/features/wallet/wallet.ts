import { and, eq, sql } from 'drizzle-orm';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { WALLET_MESSAGES } from './messages.ts';
import { type WalletRow, wallets } from './schema.ts';

/**
 * Creates the player's empty wallet unless it exists. Copies the tenant from
 * the user row itself, so a wallet can only be made for a player of
 * `tenantId`; safe to call concurrently (ON CONFLICT DO NOTHING).
 * @throws NotFoundError 'wallet_not_found' when no such player exists on the tenant.
 */
export async function ensureWallet(db: Db, tenantId: number, userId: number): Promise<WalletRow> {
  await db.execute(sql`
    insert into wallets (user_id, tenant_id)
    select id, tenant_id from users where id = ${userId} and tenant_id = ${tenantId}
    on conflict (user_id) do nothing`);
  const row = await getWallet(db, tenantId, userId);
  if (!row) throw new NotFoundError('wallet_not_found', { message: WALLET_MESSAGES.walletNotFound });
  return row;
}

/** The player's wallet on `tenantId`, or null when none was created yet (a player without one holds nothing). */
export async function getWallet(db: Db, tenantId: number, userId: number): Promise<WalletRow | null> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.tenantId, tenantId)));
  return row ?? null;
}

/** The API view (numbers in centavos); a missing wallet reads as zeros. */
export function toWalletView(row: WalletRow | null): WalletView {
  return {
    balance: row ? Number(row.balance) : 0,
    balance_withdrawal: row ? Number(row.balanceWithdrawal) : 0,
    deposit_count: row?.depositCount ?? 0,
  };
}
