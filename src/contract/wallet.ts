import * as v from 'valibot';
import { VALIDATION_KEYS } from './validation/keys.ts';

/**
 * Wallet answers of the API contract (specification sections 3 and 7). All
 * amounts are integer centavos.
 */

/** `GET /profile/wallet` → `{ wallet }`; also the user object's `wallet`. */
export interface WalletView {
  /** Everything the player holds. */
  balance: number;
  /** The part of `balance` that may be withdrawn (deposits and wins; not bonus money still under rollover). Never above `balance`. */
  balance_withdrawal: number;
  /** Settled Pix deposits so far (the first-deposit marketing event fires while this is ≤ 1). */
  deposit_count: number;
}

export const LEDGER_TYPES = ['deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** Filters of `GET /wallet/transactions?type=`. */
export const TRANSACTION_FILTERS = ['all', 'deposits', 'withdraws'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

/** One row of `GET /wallet/transactions`. */
export interface TransactionView {
  id: number;
  type: LedgerType;
  /** Signed: credits positive, debits negative. */
  amount: number;
  balance_after: number;
  balance_withdrawal_after: number;
  reference: string | null;
  metadata: Record<string, unknown>;
  /** ISO timestamp. */
  created_at: string;
}

/** The paged list shape of section 3. */
export interface PagedList<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}

/**
 * Query of the paged wallet lists: `page` 1-based (default 1), `type` one of
 * TRANSACTION_FILTERS (default `all`). Query values arrive as strings.
 */
export const TransactionsQuerySchema = v.object({
  page: v.optional(
    v.pipe(v.string(VALIDATION_KEYS.generic), v.regex(/^[1-9]\d{0,5}$/, VALIDATION_KEYS.generic), v.transform(Number)),
    '1',
  ),
  type: v.optional(v.picklist(TRANSACTION_FILTERS, VALIDATION_KEYS.generic), 'all'),
});
