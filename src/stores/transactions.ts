import { atom } from 'nanostores';
import type { PagedList, TransactionFilter, TransactionView } from '../contract/wallet.ts';
import { api } from './api.ts';
import { createPagedList } from './wallet-paged-list.ts';

/**
 * `/user/edit/transaction`: the player's deposits and withdrawals
 * (`GET /wallet/transactions?page&type`), filtered all / deposits /
 * withdraws, newest first, pages appended.
 */

export const $transactionFilter = atom<TransactionFilter>('all');

export const transactions = createPagedList<TransactionView>({
  fetchPage: (page, signal) =>
    api.get<PagedList<TransactionView>>('/wallet/transactions', { page, type: $transactionFilter.get() }, { signal }),
});

/**
 * Spec section 4: a filter change clears the list and reloads page 1.
 * Choosing the filter already shown does nothing unless its list failed or
 * was never loaded.
 */
export function setTransactionFilter(filter: TransactionFilter): Promise<void> {
  const { request, currentPage } = transactions.$state.get();
  const shown = request.status === 'loading' || (currentPage > 0 && request.status !== 'error');
  if (filter === $transactionFilter.get() && shown) return Promise.resolve();
  $transactionFilter.set(filter);
  return transactions.reload();
}

/** Which way money moved in a row: credits are positive amounts. */
export function transactionDirection(row: Pick<TransactionView, 'amount'>): 'in' | 'out' {
  return row.amount >= 0 ? 'in' : 'out';
}

/**
 * The words of a row: a deposit; a withdrawal's reservation (debit); the
 * return of a withdrawal's money (credit: cancelled or the key refused); any
 * other ledger type by its name (a referral reward by its own).
 */
export function transactionKindKey(row: Pick<TransactionView, 'type' | 'amount'> & { metadata?: TransactionView['metadata'] }): string {
  if (row.type === 'withdraw') return row.amount < 0 ? 'wallet.transactions.kind.withdraw' : 'wallet.transactions.kind.withdrawReturn';
  // A refer-a-friend reward is withdrawable money, not bonus money (issue 18, docs/rewards.md): named as what it is.
  if (row.type === 'bonus' && row.metadata?.source === 'referral') return 'refer.transaction';
  return `wallet.transactions.kind.${row.type}`;
}
