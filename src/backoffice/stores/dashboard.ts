import type { DailyFigures } from '../../contract/backoffice.ts';
import { call } from '../api.ts';
import { loader, resource } from './resource.ts';

export const $daily = resource<DailyFigures[]>();
const load = loader($daily);

export function loadDaily(days: number): Promise<void> {
  return load(async () => (await call<{ data: DailyFigures[] }>('/operator/reports/daily', { query: { days } })).data);
}

/** The period's totals (active players: the busiest day, as a player active on two days is one player). */
export function totals(days: DailyFigures[]): Omit<DailyFigures, 'day'> {
  return days.reduce(
    (sum, d) => ({
      deposits: sum.deposits + d.deposits,
      withdrawals: sum.withdrawals + d.withdrawals,
      bets: sum.bets + d.bets,
      wins: sum.wins + d.wins,
      ggr: sum.ggr + d.ggr,
      activePlayers: Math.max(sum.activePlayers, d.activePlayers),
    }),
    { deposits: 0, withdrawals: 0, bets: 0, wins: 0, ggr: 0, activePlayers: 0 },
  );
}
