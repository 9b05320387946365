import * as v from 'valibot';
import { HOUSE_GAMES, type HouseGame } from './casino.ts';
import { HOUSE_MAX_BET, HOUSE_MIN_BET } from './house.ts';
import type { WalletView } from './wallet.ts';

/**
 * Coupons and bonus money (issue 18): the calls `GET /bonuses/coupons`,
 * `POST /bonuses/check-coupon`, `GET /wallet/bonuses` and the operator's
 * `/operator/coupons`. Amounts in integer centavos; texts in both site languages.
 */

/** A text in both site languages. */
export interface BonusText {
  pt: string;
  en: string;
}

/** A coupon code as stored: upper-case A–Z and 0–9, 3 to 20 characters. */
export const COUPON_CODE = /^[A-Z0-9]{3,20}$/;

/** What the player typed, as a code: trimmed and upper case (`" bemvindo10 "` → `"BEMVINDO10"`). */
export function normaliseCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Keys of i18n messages the validation gives (the platform translates them per request). */
const M = {
  code: 'bonus.validation.code',
  text: 'bonus.validation.text',
  amount: 'bonus.validation.amount',
  multiplier: 'bonus.validation.multiplier',
  days: 'bonus.validation.days',
  points: 'bonus.validation.points',
  date: 'bonus.validation.date',
  window: 'bonus.validation.window',
  uses: 'bonus.validation.uses',
  flag: 'bonus.validation.flag',
  game: 'bonus.validation.game',
  rounds: 'bonus.validation.rounds',
  stake: 'bonus.validation.stake',
  freeMultiplier: 'bonus.validation.freeMultiplier',
} as const;

const code = v.pipe(v.string(M.code), v.transform(normaliseCouponCode), v.regex(COUPON_CODE, M.code));

/** `POST /bonuses/check-coupon` body. */
export const CheckCouponSchema = v.object({ coupon: code });

/**
 * What a coupon gives: bonus money with a rollover (and days to meet it), VIP points, or free rounds of a
 * house game (`rounds` rounds of `stake` centavos each, to play within `expires_days`; each round's win is
 * bonus money with a rollover of win × `rollover_multiplier`, to meet within `expires_days` of the win).
 */
export type CouponRewardView =
  | { kind: 'bonus'; amount: number; rollover_multiplier: number; expires_days: number }
  | { kind: 'vip_points'; points: number }
  | FreeRoundsReward;

/** A free-rounds reward (see CouponRewardView). */
export interface FreeRoundsReward {
  kind: 'free_rounds';
  game: HouseGame;
  /** 1 … 1000 rounds. */
  rounds: number;
  /** Centavos per round, within the house games' stake limits (R$ 0,10 … R$ 1.000,00). */
  stake: number;
  rollover_multiplier: number;
  expires_days: number;
}

/** Most free rounds one coupon use may give. */
export const FREE_ROUNDS_MAX = 1000;

const int = (min: number, max: number, key: string) => v.pipe(v.number(key), v.integer(key), v.minValue(min, key), v.maxValue(max, key));
/** Rollover multiplier: 0 … 100 in steps of 0.5. */
const multiplier = v.pipe(v.number(M.multiplier), v.minValue(0, M.multiplier), v.maxValue(100, M.multiplier), v.check((n) => Number.isInteger(n * 2), M.multiplier));

export const CouponRewardSchema = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('bonus'),
      /** R$ 0,01 … R$ 100.000,00 of bonus money. */
      amount: int(1, 10_000_000, M.amount),
      /** Rollover = amount × multiplier, in steps of 0.5, 0 … 100. */
      rollover_multiplier: multiplier,
      expires_days: int(1, 365, M.days),
    }),
    v.object({ kind: v.literal('vip_points'), points: int(1, 1_000_000, M.points) }),
    v.object({
      kind: v.literal('free_rounds'),
      game: v.picklist(HOUSE_GAMES, M.game),
      rounds: int(1, FREE_ROUNDS_MAX, M.rounds),
      stake: int(HOUSE_MIN_BET, HOUSE_MAX_BET, M.stake),
      /** 1 … 100 in steps of 0.5: a free round's win is bonus money with a rollover, never cash at once. */
      rollover_multiplier: v.pipe(
        v.number(M.freeMultiplier),
        v.minValue(1, M.freeMultiplier),
        v.maxValue(100, M.freeMultiplier),
        v.check((n) => Number.isInteger(n * 2), M.freeMultiplier),
      ),
      expires_days: int(1, 365, M.days),
    }),
  ],
  M.text,
);

const line = v.pipe(v.string(M.text), v.trim(), v.minLength(1, M.text), v.maxLength(200, M.text));
const instant = v.nullable(v.pipe(v.string(M.date), v.isoTimestamp(M.date)));

/** A coupon as the operator creates it (`POST /operator/coupons`). Optional: public false, no window, no overall limit, 1 per player, active. */
export const CouponInputSchema = v.pipe(
  v.object({
    code,
    description: v.object({ pt: line, en: line }, M.text),
    reward: CouponRewardSchema,
    public: v.optional(v.boolean(M.flag), false),
    starts_at: v.optional(instant, null),
    ends_at: v.optional(instant, null),
    max_uses: v.optional(v.nullable(int(1, 10_000_000, M.uses)), null),
    max_uses_per_player: v.optional(int(1, 1000, M.uses), 1),
    active: v.optional(v.boolean(M.flag), true),
  }),
  v.forward(
    v.check((c) => c.starts_at === null || c.ends_at === null || Date.parse(c.starts_at) < Date.parse(c.ends_at), M.window),
    ['ends_at'],
  ),
);
export type CouponInput = v.InferOutput<typeof CouponInputSchema>;

/** `PATCH /operator/coupons/{code}`: any of the fields but the code. */
export const CouponPatchSchema = v.partial(
  v.object({
    description: v.object({ pt: line, en: line }, M.text),
    reward: CouponRewardSchema,
    public: v.boolean(M.flag),
    starts_at: instant,
    ends_at: instant,
    max_uses: v.nullable(int(1, 10_000_000, M.uses)),
    max_uses_per_player: int(1, 1000, M.uses),
    active: v.boolean(M.flag),
  }),
);
export type CouponPatch = v.InferOutput<typeof CouponPatchSchema>;

/** One coupon of `GET /bonuses/coupons`: a public code on offer now, and how often this player used it. */
export interface CouponView {
  code: string;
  description: BonusText;
  reward: CouponRewardView;
  /** ISO or null (open-ended). */
  ends_at: string | null;
  max_uses_per_player: number;
  /** The player's redemptions of it (0 for a visitor). */
  used: number;
  /** False when the player has used it up (or the site may not give bonus money); the site still shows it. */
  available: boolean;
}

/** One past redemption of the player (`GET /bonuses/coupons` → `redemptions`). */
export interface CouponRedemptionView {
  code: string;
  description: BonusText;
  reward: CouponRewardView;
  /** ISO timestamp. */
  date: string;
}

/** One free-rounds grant of the player that can still be played (`GET /bonuses/coupons` → `free_rounds`). */
export interface FreeRoundsView {
  id: number;
  game: HouseGame;
  /** Rounds the grant gave and rounds still to play (≥ 1 in the list). */
  rounds: number;
  rounds_left: number;
  /** Centavos per round (paid by the operator). */
  stake: number;
  /** A win's rollover = win × this. */
  rollover_multiplier: number;
  /** ISO: after it the rounds left are lost. */
  expires_at: string;
  /** The coupon that gave it, or null. */
  coupon: string | null;
}

/**
 * `GET /bonuses/coupons`: `data` the public coupons on offer now; `redemptions` the player's own (newest first,
 * last 50); `free_rounds` the player's free rounds still to play, soonest expiry first (empty for a visitor).
 */
export interface CouponsAnswer {
  data: CouponView[];
  redemptions: CouponRedemptionView[];
  free_rounds: FreeRoundsView[];
}

/** `POST /bonuses/check-coupon` → 200: the coupon was valid and is now redeemed. */
export interface CheckCouponAnswer {
  coupon: string;
  status: 'valid';
  /** What happened, in the request's language ("R$ 10,00 de bônus creditados…"). */
  message: string;
  reward: CouponRewardView;
  /** The bonus it created (bonus rewards). */
  bonus: PlayerBonusView | null;
  /** The free rounds it gave (free-rounds rewards), else null. */
  free_rounds: FreeRoundsView | null;
  /** The wallet after it (the site's balance follows at once). */
  wallet: WalletView;
}

/** Status codes of a refused coupon (the answer's `code`, with a message in the request's language). */
export const COUPON_REFUSALS = ['coupon_invalid', 'coupon_expired', 'coupon_not_started', 'coupon_used_up', 'coupon_already_used', 'bonus_not_allowed'] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** One bonus grant with its rollover (`GET /wallet/bonuses` → `active`, and each `bonus` row's `bonus`). */
export interface PlayerBonusView {
  id: number;
  source: 'coupon' | 'cashback' | 'promotion' | 'rank' | 'referral' | 'operator';
  /** Coupon code, or what the origin called it; null when it said nothing. */
  description: string | null;
  amount: number;
  /**
   * Centavos won with stakes of this bonus's money while it ran: bonus money too, released or forfeited
   * with it (docs/rewards.md "Wins of bonus money"). Always sent by the platform.
   */
  winnings?: number;
  rollover_required: number;
  rollover_done: number;
  /** ⌊done / required × 100⌋ clamped 0–100 (100 when nothing was required). */
  progress: number;
  status: 'active' | 'completed' | 'expired' | 'forfeited' | 'cancelled';
  /** ISO or null (never expires). */
  expires_at: string | null;
  created_at: string;
}

/** Rollover progress in whole percent, 0–100. */
export function rolloverProgress(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((done / required) * 100)));
}
