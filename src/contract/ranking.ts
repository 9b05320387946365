import * as v from 'valibot';
import { MAX_AMOUNT_CENTAVOS } from './money.ts';

/**
 * Ranks and VIP points (issue 18, spec "Ranking entry": level, totalBet;
 * derived progress percentage and amount to the next rank; rank image by
 * level, default 1). Amounts are integer centavos.
 */

/** A text in both site languages. */
export interface RankText {
  pt: string;
  en: string;
}

/** One rank of the tenant's table, as `GET /ranking` lists it. */
export interface RankView {
  level: number;
  name: RankText;
  /** The total wagered (centavos) that reaches this rank; level 1 is 0. */
  totalBet: number;
  /** Site path or https URL of the rank's badge, or null (then the site shows level 1's). */
  image: string | null;
}

/** The signed-in player's place in the table. */
export interface RankPlayerView {
  /** The highest rank reached (kept when a refunded stake lowers totalBet). */
  level: number;
  totalBet: number;
  /** Towards the next rank, rounded and clamped 0–100 (100 at the top rank). */
  progress: number;
  /** Centavos still to wager for the next rank; 0 at the top rank. */
  toNext: number;
  /** The next rank's level, or null at the top. */
  nextLevel: number | null;
}

/** `GET /ranking`: the table, and the player when signed in (null for a guest). */
export interface RankingView {
  ranks: RankView[];
  player: RankPlayerView | null;
}

/** `GET /profile/vip`: the VIP club figures. Points are not money. */
export interface VipView {
  level: number;
  points: number;
  /** VIP points earned per R$ 100,00 wagered (the operator's rate). */
  pointsPer100: number;
}

/** One row of the operator's `GET /operator/ranks/reached`: who reached which level, when. */
export interface RankUpView {
  user_id: number;
  name: string;
  level: number;
  reached_at: string;
}

/** The VIP rate when the tenant configuration does not set `vip_points_per_100`. */
export const DEFAULT_VIP_POINTS_PER_100 = 1;
/** Highest VIP rate an operator may set. */
export const MAX_VIP_POINTS_PER_100 = 10_000;
/** Most ranks a table may hold. */
export const MAX_RANKS = 50;

/** Keys of i18n messages of the operator's validation (translated per request). */
const M = {
  level: 'ranking.validation.level',
  name: 'ranking.validation.name',
  totalBet: 'ranking.validation.totalBet',
  image: 'ranking.validation.image',
  reward: 'ranking.validation.reward',
  table: 'ranking.validation.table',
  contiguous: 'ranking.validation.contiguous',
  increasing: 'ranking.validation.increasing',
  firstAtZero: 'ranking.validation.firstAtZero',
  rate: 'ranking.validation.rate',
} as const;

const line = v.pipe(v.string(M.name), v.trim(), v.minLength(1, M.name), v.maxLength(60, M.name));
const integerIn = (key: string, min: number, max: number) => v.pipe(v.number(key), v.integer(key), v.minValue(min, key), v.maxValue(max, key));

export const RankRewardSchema = v.nullable(
  v.variant(
    'kind',
    [
      v.object({ kind: v.literal('vip_points'), points: integerIn(M.reward, 1, 1_000_000) }),
      v.object({ kind: v.literal('bonus'), amount: integerIn(M.reward, 1, MAX_AMOUNT_CENTAVOS), rollover_multiplier: integerIn(M.reward, 0, 100) }),
    ],
    M.reward,
  ),
);

export const RankInputSchema = v.object({
  level: integerIn(M.level, 1, MAX_RANKS),
  name: v.object({ pt: line, en: line }, M.name),
  totalBet: integerIn(M.totalBet, 0, Number.MAX_SAFE_INTEGER),
  image: v.optional(v.nullable(v.pipe(v.string(M.image), v.regex(/^(\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/, M.image), v.maxLength(500, M.image))), null),
  reward: v.optional(RankRewardSchema, null),
});
export type RankInput = v.InferOutput<typeof RankInputSchema>;

/**
 * A whole rank table (`PUT /operator/ranks {ranks}`): levels 1..n in order
 * and contiguous, level 1 at 0, thresholds strictly increasing.
 */
export const RankTableSchema = v.object({
  ranks: v.pipe(
    v.array(RankInputSchema, M.table),
    v.minLength(1, M.table),
    v.maxLength(MAX_RANKS, M.table),
    v.check((ranks) => ranks.every((r, i) => r.level === i + 1), M.contiguous),
    v.check((ranks) => ranks[0]?.totalBet === 0, M.firstAtZero),
    v.check((ranks) => ranks.every((r, i) => i === 0 || r.totalBet > ranks[i - 1]!.totalBet), M.increasing),
  ),
});

/** `PUT /operator/ranks/vip-rate {vip_points_per_100}`. */
export const VipRateSchema = v.object({ vip_points_per_100: integerIn(M.rate, 0, MAX_VIP_POINTS_PER_100) });
