import { SPORTS_BET_STATUSES, type SportsBetsPage, type SportsBetView, type SportsSelectionView } from '../../contract/sportsbook.ts';
import type { PagedList } from '../../contract/wallet.ts';

/**
 * One betslip of `GET /api/sports/bets?page`, as the platform shapes it
 * (src/contract/sportsbook.ts): amounts in centavos, odds as the provider's
 * decimal strings.
 */
export type SportsBetRow = SportsBetView;
export type SportsBetSelection = SportsSelectionView;
export type { SportsBetsPage };

/** The platform's `{ items, page, perPage, total }` as the paged money lists' shape. */
export function toPagedList(answer: SportsBetsPage): PagedList<SportsBetRow> {
  const perPage = Math.max(1, answer.perPage || 1);
  return {
    data: answer.items.map((row) => ({ ...row, betslipId: String(row.betslipId) })),
    current_page: answer.page,
    last_page: Math.max(1, Math.ceil(answer.total / perPage)),
    total: answer.total,
  };
}

/**
 * The total odds of a betslip as a sportsbook prices it: its selections'
 * odds multiplied in hundredths, each step rounded down (2.45 × 2.55 → 6.24);
 * null when one is unreadable.
 */
export function betslipOdds(selections: readonly Pick<SportsBetSelection, 'odds'>[]): number | null {
  let k = 100;
  for (const s of selections) {
    const value = Number(s.odds);
    if (!Number.isFinite(value) || value < 1) return null;
    k = Math.floor((k * Math.round(value * 100)) / 100);
  }
  return selections.length === 0 ? null : k / 100;
}

/** i18n key of a status, or null for a status this site has no word for (shown as sent). */
export function betStatusKey(status: string): string | null {
  return (SPORTS_BET_STATUSES as readonly string[]).includes(status) ? `sports.history.status.${status}` : null;
}
