import { and, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { users } from '../users/schema.ts';
import { wallets } from '../wallet/schema.ts';
import { accountClosures } from './schema.ts';

/** Closures per page of the operator's list. */
export const CLOSURES_PAGE_SIZE = 50;

/** One closed account as the operator sees it, with what its wallet still holds (owed to the player when withdrawable). */
export interface ClosureView {
  id: number;
  user: { id: number; name: string };
  reason: 'player' | 'barred' | 'operator';
  note: string | null;
  closed_at: string;
  paid_out: number;
  /** Centavos left on the closed account. */
  balance: number;
  /** The withdrawable part of it: owed to the player (docs/account-closure.md). */
  balance_withdrawal: number;
}

/**
 * The tenant's closures, newest first; `owed` keeps those whose wallet still
 * holds money (a remainder below the minimum withdrawal, a barred player's
 * balance at the term, a late win or a failed payout given back).
 */
export async function listClosures(db: Db, input: { tenantId: number; page: number; owed: boolean }): Promise<PagedList<ClosureView>> {
  const where: SQL | undefined = and(eq(accountClosures.tenantId, input.tenantId), input.owed ? gt(wallets.balance, 0n) : undefined);
  const base = () =>
    db
      .select({ total: count() })
      .from(accountClosures)
      .leftJoin(wallets, eq(wallets.userId, accountClosures.userId))
      .where(where);
  const [{ total } = { total: 0 }] = await base();
  const rows = await db
    .select({ closure: accountClosures, user: { id: users.id, name: users.name }, balance: wallets.balance, withdrawable: wallets.balanceWithdrawal })
    .from(accountClosures)
    .innerJoin(users, eq(users.id, accountClosures.userId))
    .leftJoin(wallets, eq(wallets.userId, accountClosures.userId))
    .where(where)
    .orderBy(desc(accountClosures.id))
    .limit(CLOSURES_PAGE_SIZE)
    .offset((input.page - 1) * CLOSURES_PAGE_SIZE);
  return {
    data: rows.map((r) => ({
      id: r.closure.id,
      user: r.user,
      reason: r.closure.reason,
      note: r.closure.note,
      closed_at: r.closure.createdAt.toISOString(),
      paid_out: r.closure.paidOut,
      balance: Number(r.balance ?? 0n),
      balance_withdrawal: Number(r.withdrawable ?? 0n),
    })),
    current_page: input.page,
    last_page: Math.max(1, Math.ceil(total / CLOSURES_PAGE_SIZE)),
    total,
  };
}
