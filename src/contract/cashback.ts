import * as v from 'valibot';

/**
 * Cashback shapes shared by the site and the platform (issue 18, spec
 * "Cashback item": available_at, type, claimed). Amounts are integer centavos.
 */

export const CASHBACK_TYPES = ['calendar', 'immediate'] as const;
export type CashbackType = (typeof CASHBACK_TYPES)[number];

/** The cashback rate used when a tenant turned cashback on without `cashback_percentage`. */
export const DEFAULT_CASHBACK_PERCENTAGE = 10;

/** One item of `GET /bonuses/cashback` (`{ data: CashbackItemView[], now }`). */
export interface CashbackItemView {
  id: number;
  /** First and last São Paulo day of the period whose net losses it returns (`YYYY-MM-DD`). */
  period_start: string;
  period_end: string;
  losses: number;
  amount: number;
  type: CashbackType;
  /** ISO instant from which it may be claimed. */
  available_at: string;
  /** Claims made so far and what they paid. */
  claimed: number;
  claimed_amount: number;
  /** Claims the item allows in all (calendar 3, immediate 1). */
  claims_total: number;
  /** Claims the player may make now (the spec's windows: allowance − claimed, floor 0). */
  claims_available: number;
  /** What the next claim would pay (0 once every claim is made). */
  next_claim_amount: number;
}

export interface CashbackListView {
  data: CashbackItemView[];
  /** Cashback is on and allowed on this tenant (never on a regulated one); the site hides the card when false and there are no items. */
  enabled: boolean;
  /** The platform's clock when it answered (the site counts windows from it, not from the browser's clock). */
  now: string;
}

/** `POST /bonuses/cashback/claim` */
export const CashbackClaimSchema = v.object({
  cashback_id: v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be positive'), v.maxValue(2_147_483_647, 'is too large')),
});
export type CashbackClaimInput = v.InferOutput<typeof CashbackClaimSchema>;

/* The operator API's cashback history (the back office's Cashback screen). */

/** A player as the cashback lists name them. */
export interface CashbackPlayer {
  id: number;
  name: string;
}

/** One run of the job (`GET /operator/cashback/runs`): the period it paid, when it started and finished (null while running), the items it made. */
export interface CashbackRunView {
  period_start: string;
  started_at: string;
  finished_at: string | null;
  items: number;
}

/** One item (`GET /operator/cashback/items`): a player's cashback for a period, and what was claimed of it. Amounts in centavos. */
export type CashbackItemAdminView = Pick<CashbackItemView, 'id' | 'period_start' | 'period_end' | 'losses' | 'amount' | 'type' | 'available_at' | 'claimed' | 'claimed_amount'> & {
  user: CashbackPlayer;
  created_at: string;
};

/** One claim (`GET /operator/cashback/claims`): which item, its claim number, what it paid, when. */
export interface CashbackClaimView {
  id: number;
  cashback_id: number;
  user: CashbackPlayer;
  claim_no: number;
  amount: number;
  claimed_at: string;
}
