import type { CasinoBetView, PagedList } from '../contract/wallet.ts';
import { api } from './api.ts';
import { createPagedList } from './wallet-paged-list.ts';

/** `/user/edit/history-casino`: casino bet rows (`GET /wallet/bets?page`), newest first, pages appended. */
export const casinoBets = createPagedList<CasinoBetView>({
  fetchPage: (page, signal) => api.get<PagedList<CasinoBetView>>('/wallet/bets', { page }, { signal }),
});
