import * as v from 'valibot';
import type { PlayerBonusView } from './bonuses.ts';
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

/**
 * Ledger row types. The `sports_*` four are the sportsbook's own (issue 16):
 * a betslip's stake, its payout (won, half-won, cashed out), its stake given
 * back (void, cancelled) and the reversal of any of them by the provider.
 * The `box_*`/`prize_sale` three are the mystery boxes' (issue 19): a box
 * bought, an unopened box sold back, a prize sold.
 */
export const LEDGER_TYPES = [
  'deposit',
  'withdraw',
  'bonus',
  'rollover',
  'win',
  'bet',
  'sports_bet',
  'sports_win',
  'sports_refund',
  'sports_rollback',
  'box_purchase',
  'box_sale',
  'prize_sale',
] as const;
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
  /**
   * For `withdraw` rows: the withdrawal they belong to and its status now
   * (the reservation is a debit; a cancellation or refused key adds a credit
   * row of the same withdrawal). Absent on other rows.
   */
  withdrawal?: { id: number; status: WithdrawalStatusCode };
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
const PageParam = v.optional(
  v.pipe(v.string(VALIDATION_KEYS.generic), v.regex(/^[1-9]\d{0,5}$/, VALIDATION_KEYS.generic), v.transform(Number)),
  '1',
);

export const TransactionsQuerySchema = v.object({
  page: PageParam,
  type: v.optional(v.picklist(TRANSACTION_FILTERS, VALIDATION_KEYS.generic), 'all'),
});

/** Query of the other paged wallet lists (`/wallet/bets`, `/wallet/bonuses`, `/wallet/withdrawals`): `page` only. */
export const PageQuerySchema = v.object({ page: PageParam });

/* ------------------------------------------------------------------ */
/* Bets and bonuses lists (`GET /wallet/bets`, `GET /wallet/bonuses`)  */
/* ------------------------------------------------------------------ */

/** One row of `GET /wallet/bets?page`: the casino bet history (spec "Casino bet row"). */
export interface CasinoBetView {
  id: number;
  /** `bet` (stake, debit) or `win` (payout, credit). */
  type: 'bet' | 'win';
  /** Game title as the game provider reported it, or null when unknown. */
  game: string | null;
  /** Unsigned centavos. */
  value: number;
  /** True when (part of) the stake came from bonus money, i.e. it was not withdrawable. */
  with_bonus: boolean;
  /** True when a later movement cancelled this row: a stake refunded, or an aggregator win taken back by its rollback. */
  refunded: boolean;
  /** ISO timestamp. */
  date: string;
}

/** One row of `GET /wallet/bonuses?page`: bonus credits and rollover releases. */
export interface BonusView {
  id: number;
  type: 'bonus' | 'rollover';
  /** Signed centavos (a bonus taken back is negative). */
  amount: number;
  /** What the bonus was (coupon code, cashback…) when the origin said so. */
  description: string | null;
  /** ISO timestamp. */
  date: string;
  /** The bonus grant the row belongs to, as it is now (progress, expiry, status); null for rows of no grant. */
  bonus: PlayerBonusView | null;
}

/** `GET /wallet/bonuses?page`: the paged rows, plus every bonus still running (oldest first, not paged). */
export interface BonusesAnswer extends PagedList<BonusView> {
  active: PlayerBonusView[];
}

/* ------------------------------------------------------------------ */
/* Withdrawals (spec sections 7 and 9)                                  */
/* ------------------------------------------------------------------ */

/** Pix key types a player can withdraw to (DICT key types). */
export const PIX_KEY_TYPES = ['cpf', 'phone', 'email', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** Withdrawal status codes of the specification. */
export const WithdrawalStatus = {
  Pending: 0,
  Approved: 1,
  Cancelled: 2,
  /** The PSP refused the key; the reserved funds are (being) returned to the balance. */
  InvalidPixKey: 3,
  Processing: 4,
  UnderReview: 5,
} as const;
export type WithdrawalStatusCode = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];

/** Statuses in which the player may still cancel (the money has not left for the PSP). */
export const CANCELLABLE_WITHDRAWAL_STATUSES: readonly WithdrawalStatusCode[] = [WithdrawalStatus.Pending, WithdrawalStatus.UnderReview];

/** A registered Pix key (spec "Withdraw method: id"). */
export interface WithdrawMethodView {
  id: number;
  type: PixKeyType;
  /** The key as registered, normalised: CPF 11 digits, phone +55…, e-mail lower case, random key lower-case UUID. */
  key: string;
  /** ISO timestamp. */
  created_at: string;
}

/** `GET /wallet/withdraw/methods`. */
export interface WithdrawMethodsResponse {
  methods: WithdrawMethodView[];
  /** The tenant's range in centavos (min_withdrawal, max_withdrawal). */
  limits: { min: number; max: number };
  /** What the player still has to verify before withdrawing: empty when nothing (needs a verified e-mail or phone). */
  missing_verification: ('email' | 'phone')[];
}

/** `POST /wallet/withdraw/method` body; answer `{ method: WithdrawMethodView }` (201, or 200 when already registered). */
export interface RegisterWithdrawMethodBody {
  type: PixKeyType;
  key: string;
}

/** One withdrawal. */
export interface WithdrawalView {
  id: number;
  /** Centavos, > 0. */
  amount: number;
  status: WithdrawalStatusCode;
  method: WithdrawMethodView;
  /** Why it was cancelled/refused when the platform knows (`cancelled_by_player`, `rejected_by_operator`, `invalid_pix_key`…). */
  reason: string | null;
  /** ISO timestamps. */
  created_at: string;
  updated_at: string;
  /**
   * Until when the player may cancel it (ISO), for a pending withdrawal in
   * its hold period (WITHDRAWAL_HOLD_SECONDS after `created_at`); null when
   * there is no deadline to show (under review, or no longer cancellable).
   * The platform's cancel call stays the authority.
   */
  cancellable_until?: string | null;
}

/** A withdrawal as the operator sees it (`GET /operator/withdrawals`): the player's view plus who asked and what the PSP said. */
export interface OperatorWithdrawalView extends WithdrawalView {
  user: { id: number; name: string };
  note: string | null;
  end_to_end_id: string | null;
}

/** `POST /wallet/withdraw/request` body; answer `{ withdrawal: WithdrawalView, wallet: WalletView }` (201). */
export interface WithdrawRequestBody {
  /** Centavos (CentavosSchema). */
  amount: number;
  method_id: number;
}

/** `POST /main-gateway/user-cancel-withdrawal` body; answer `{ withdrawal, wallet }`. */
export interface CancelWithdrawalBody {
  id: number;
}

/** `GET /wallet/withdrawals?page` (addition to the spec's calls: the withdraw form lists the player's withdrawals): PagedList<WithdrawalView>. */
export const WITHDRAWALS_PAGE_SIZE = 10;
