import { toPagedList, type SportsBetRow, type SportsBetsPage } from '../lib/sports/history.ts';
import { api } from './api.ts';
import { createPagedList } from './wallet-paged-list.ts';

/** The sports tab of the bet history: the player's betslips (`GET /sports/bets?page`), newest first, pages appended. */
export const sportsBets = createPagedList<SportsBetRow>({
  fetchPage: async (page, signal) => toPagedList(await api.get<SportsBetsPage>('/sports/bets', { page }, { signal })),
});
