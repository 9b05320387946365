import * as v from 'valibot';
import { MAX_AMOUNT_CENTAVOS } from '../../../src/contract/money.ts';

/*
 * The provider's wallet callbacks, as BetBy defines them (docs/sportsbook.md
 * says where each field comes from). Each is the claims of the signed
 * `payload` token; unknown fields are ignored, so a provider adding fields
 * breaks nothing.
 */

const Id = v.pipe(v.string(), v.regex(/^[\w.:-]{1,100}$/));
const Text = v.pipe(v.string(), v.maxLength(300));
const Amount = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_AMOUNT_CENTAVOS));
const Odds = v.pipe(v.string(), v.regex(/^\d{1,6}(\.\d{1,4})?$/));
const Currency = v.pipe(v.string(), v.maxLength(10));

/** `transaction` of every money callback. */
export const TransactionSchema = v.object({
  id: Id,
  betslip_id: Id,
  player_id: Id,
  operator_id: Id,
  operator_brand_id: Id,
  ext_player_id: Id,
  timestamp: v.optional(v.number()),
  amount: Amount,
  currency: Currency,
  operation: v.picklist(['bet', 'win', 'refund', 'lost', 'rollback']),
  bonus_id: v.optional(v.nullable(Text)),
  parent_transaction_id: v.optional(v.nullable(Id)),
  cross_rate_euro: v.optional(v.nullable(Text)),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

/** One selection of a betslip (`betslip.bets[]`). */
export const BetSchema = v.object({
  id: Id,
  event_id: Id,
  sport_id: v.optional(Id),
  sport_name: v.optional(Text),
  category_id: v.optional(Id),
  category_name: v.optional(Text),
  tournament_id: v.optional(Id),
  tournament_name: v.optional(Text),
  competitor_name: v.optional(v.pipe(v.array(Text), v.maxLength(10))),
  market_id: v.optional(Id),
  market_name: v.optional(Text),
  outcome_id: v.optional(Id),
  outcome_name: v.optional(Text),
  odds: Odds,
  live: v.optional(v.boolean()),
  /** Unix seconds. */
  scheduled: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
});
export type Bet = v.InferOutput<typeof BetSchema>;

export const BetslipSchema = v.object({
  id: Id,
  timestamp: v.optional(v.number()),
  player_id: Id,
  operator_id: Id,
  operator_brand_id: Id,
  ext_player_id: Id,
  currency: Currency,
  /** `1/1` single, `n/n` accumulator, `k/n` system. */
  type: v.pipe(v.string(), v.regex(/^\d{1,2}\/\d{1,2}$|^[a-z_]{1,20}$/)),
  sum: Amount,
  k: Odds,
  is_quick_bet: v.optional(v.boolean()),
  accept_odds_change: v.optional(v.boolean()),
  bets: v.pipe(v.array(BetSchema), v.minLength(1), v.maxLength(30)),
});
export type Betslip = v.InferOutput<typeof BetslipSchema>;

/** Statuses of a selection in win / lost callbacks. */
const SelectionStatusSchema = v.object({ id: v.optional(Id), event_id: v.optional(Id), status: v.pipe(v.string(), v.maxLength(20)), odds: v.optional(Odds) });

export const MakeSchema = v.object({
  amount: Amount,
  currency: Currency,
  player_id: v.optional(Id),
  session_id: v.optional(Text),
  bonus_id: v.optional(v.nullable(Text)),
  bonus_type: v.optional(v.nullable(Text)),
  potential_win: v.optional(Amount),
  potential_comboboost_win: v.optional(Amount),
  transaction: TransactionSchema,
  betslip: BetslipSchema,
});
export type Make = v.InferOutput<typeof MakeSchema>;

export const CommitSchema = v.object({ transaction_id: Id });
export const DiscardSchema = v.object({ ext_player_id: Id, transaction_id: Id, reason: v.optional(Text) });

export const WinSchema = v.object({
  amount: Amount,
  currency: Currency,
  is_cashout: v.optional(v.boolean()),
  bet_transaction_id: Id,
  transaction: TransactionSchema,
  selections: v.optional(v.pipe(v.array(SelectionStatusSchema), v.maxLength(30))),
  odds: v.optional(Odds),
  bonus_id: v.optional(v.nullable(Text)),
});
export type Win = v.InferOutput<typeof WinSchema>;

export const LostSchema = v.object({
  amount: v.optional(Amount),
  currency: v.optional(Currency),
  bet_transaction_id: Id,
  transaction: TransactionSchema,
  selections: v.optional(v.pipe(v.array(SelectionStatusSchema), v.maxLength(30))),
});
export type Lost = v.InferOutput<typeof LostSchema>;

export const RefundSchema = v.object({
  bet_transaction_id: Id,
  reason: v.optional(Text),
  reason_code: v.optional(v.number()),
  bonus_id: v.optional(v.nullable(Text)),
  transaction: TransactionSchema,
});
export type Refund = v.InferOutput<typeof RefundSchema>;

export const RollbackSchema = v.object({
  bet_transaction_id: Id,
  parent_transaction_id: Id,
  transaction: TransactionSchema,
});
export type Rollback = v.InferOutput<typeof RollbackSchema>;

/** Settlement statuses and what each does to the money. */
export const SETTLEMENT_KINDS = {
  won: 'win',
  'half-won': 'win',
  half_won: 'win',
  'half-lost': 'win',
  half_lost: 'win',
  'cashed out': 'win',
  'cashed-out': 'win',
  cashed_out: 'win',
  cashout: 'win',
  lost: 'lost',
  void: 'refund',
  canceled: 'refund',
  cancelled: 'refund',
  refund: 'refund',
  refunded: 'refund',
  returned: 'refund',
} as const;
export type SettlementStatus = keyof typeof SETTLEMENT_KINDS;

export const SettlementSchema = v.object({
  bet_transaction_id: Id,
  status: v.picklist(Object.keys(SETTLEMENT_KINDS) as SettlementStatus[]),
  amount: v.optional(Amount),
  currency: v.optional(Currency),
  transaction: v.optional(TransactionSchema),
});
export type Settlement = v.InferOutput<typeof SettlementSchema>;

/** The answer to every accepted money callback (BetBy's transaction response). */
export interface TransactionAnswer {
  /** Our id of the transaction. */
  id: string;
  /** The provider's id of it. */
  ext_transaction_id: string;
  parent_transaction_id: string | null;
  user_id: string;
  operation: Transaction['operation'];
  amount: number;
  currency: 'BRL';
  /** The player's balance after it, centavos. */
  balance: number;
}
