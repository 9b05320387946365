import type { BonusView, PagedList } from '../contract/wallet.ts';
import { api } from './api.ts';
import { createPagedList } from './wallet-paged-list.ts';

/** The bonus section of `/account/wallet`: bonus credits and rollover releases (`GET /wallet/bonuses?page`). */
export const walletBonuses = createPagedList<BonusView>({
  fetchPage: (page, signal) => api.get<PagedList<BonusView>>('/wallet/bonuses', { page }, { signal }),
});
