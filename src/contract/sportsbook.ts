import * as v from 'valibot';
import { VALIDATION_KEYS } from './validation/keys.ts';

/**
 * The sportsbook's calls shared by the site and the platform (issue 16,
 * docs/sportsbook.md). Amounts are integer centavos; odds are decimal strings
 * as the provider sends them ("1.85").
 */

/** Statuses of a betslip in the player's sports history. */
export const SPORTS_BET_STATUSES = ['open', 'won', 'lost', 'refunded', 'half-won', 'cashed-out', 'rolled-back'] as const;
export type SportsBetStatus = (typeof SPORTS_BET_STATUSES)[number];

/** Languages the widget and the launch token speak. */
export const SPORTS_LANGS = ['pt-br', 'en'] as const;
export type SportsLang = (typeof SPORTS_LANGS)[number];

/** Body of `POST /games/launch/sport` (optional: the language defaults to the request's). */
export const SportLaunchBodySchema = v.object({
  lang: v.optional(v.picklist(SPORTS_LANGS, VALIDATION_KEYS.generic)),
});

/** `POST /games/launch/sport` → the widget page of this player, the token in the fragment (never sent to a server). */
export interface SportLaunchAnswer {
  /** Site-relative: `/widgetbetby#token=…` (pt) or `/en/widgetbetby#token=…`. */
  gameUrl: string;
  /** The same token, for `onTokenExpired` callers that hand it to the widget directly. */
  token: string;
  /** Seconds until the token expires. */
  expiresIn: number;
}

/** One selection of a betslip in the history. */
export interface SportsSelectionView {
  eventName: string;
  sportName: string;
  tournamentName: string;
  marketName: string;
  outcomeName: string;
  odds: string;
  live: boolean;
}

/** One row of `GET /sports/bets?page`. */
export interface SportsBetView {
  betslipId: string;
  type: 'single' | 'multiple';
  /** The provider's own bet type (`1/1`, `3/3`, `2/3`…). */
  betType: string;
  /** Total odds of the betslip, decimal string. */
  odds: string;
  stake: number;
  potentialWin: number;
  status: SportsBetStatus;
  /** Credited so far (wins; refunds are counted in `refunded`). */
  payout: number;
  refunded: number;
  placedAt: string;
  settledAt: string | null;
  selections: SportsSelectionView[];
}

/** `GET /sports/bets?page=N` (20 per page, newest first). */
export interface SportsBetsPage {
  items: SportsBetView[];
  page: number;
  perPage: number;
  total: number;
}
