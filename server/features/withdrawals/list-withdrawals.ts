import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { type OperatorWithdrawalView, type PagedList, WITHDRAWALS_PAGE_SIZE, type WithdrawalStatusCode, type WithdrawalView } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { users } from '../users/schema.ts';
import { toWithdrawalView } from './present.ts';
import { withdrawals, withdrawMethods } from './schema.ts';

export type { OperatorWithdrawalView };

function toOperatorView(r: Awaited<ReturnType<typeof selectRows>>[number]): OperatorWithdrawalView {
  return { ...toWithdrawalView(r.withdrawal, r.method), user: r.user, note: r.withdrawal.note, end_to_end_id: r.withdrawal.endToEndId };
}

async function page<T>(db: Db, where: SQL | undefined, pageNo: number, map: (row: Awaited<ReturnType<typeof selectRows>>[number]) => T): Promise<PagedList<T>> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(withdrawals).where(where);
  const rows = await selectRows(db, where, pageNo);
  return { data: rows.map(map), current_page: pageNo, last_page: Math.max(1, Math.ceil(total / WITHDRAWALS_PAGE_SIZE)), total };
}

function selectRows(db: Db, where: SQL | undefined, pageNo: number) {
  return db
    .select({ withdrawal: withdrawals, method: withdrawMethods, user: { id: users.id, name: users.name } })
    .from(withdrawals)
    .innerJoin(withdrawMethods, eq(withdrawMethods.id, withdrawals.methodId))
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(WITHDRAWALS_PAGE_SIZE)
    .offset((pageNo - 1) * WITHDRAWALS_PAGE_SIZE);
}

/** `GET /wallet/withdrawals?page`: the player's withdrawals, newest first, WITHDRAWALS_PAGE_SIZE a page (a page past the end is empty). */
export function listWithdrawals(db: Db, q: { tenantId: number; userId: number; page: number; holdSeconds?: number }): Promise<PagedList<WithdrawalView>> {
  return page(db, and(eq(withdrawals.tenantId, q.tenantId), eq(withdrawals.userId, q.userId)), q.page, (r) => toWithdrawalView(r.withdrawal, r.method, q.holdSeconds));
}

/** The operator's list: the tenant's withdrawals, optionally of one status, newest first. */
export function listTenantWithdrawals(db: Db, q: { tenantId: number; status: WithdrawalStatusCode | null; page: number }): Promise<PagedList<OperatorWithdrawalView>> {
  const where = and(eq(withdrawals.tenantId, q.tenantId), q.status === null ? undefined : eq(withdrawals.status, q.status));
  return page(db, where, q.page, toOperatorView);
}

/** Withdrawal `id` as the operator sees it (null when missing). */
export async function operatorWithdrawalView(db: Db, id: number): Promise<OperatorWithdrawalView | null> {
  const [row] = await selectRows(db, eq(withdrawals.id, id), 1);
  return row ? toOperatorView(row) : null;
}

/** Withdrawal `id` as its player sees it (null when missing). */
export async function withdrawalView(db: Db, id: number): Promise<WithdrawalView | null> {
  const [row] = await selectRows(db, eq(withdrawals.id, id), 1);
  return row ? toWithdrawalView(row.withdrawal, row.method) : null;
}
