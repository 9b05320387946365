import { atom, type WritableAtom } from 'nanostores';
import type { RankingView, VipView } from '../contract/ranking.ts';
import { ApiError } from '../lib/api/errors.ts';
import { api } from './api.ts';
import { onPlayerChange } from './player-change.ts';
import { $session } from './session.ts';

/**
 * Ranks and the VIP club (issue 18): the rank table with the player's place
 * from `GET /ranking` (for a guest too: the table alone), and the player's
 * VIP figures from `GET /profile/vip`. The progress maths is the platform's
 * (src/lib/ranking.ts, shared), so the site shows what the server counts.
 */

export type Load<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

export const $ranking = atom<Load<RankingView>>({ status: 'idle' });
export const $vip = atom<Load<VipView>>({ status: 'idle' });

onPlayerChange(() => {
  $ranking.set({ status: 'idle' });
  $vip.set({ status: 'idle' });
});

/** Loads `value` into `store`; a reload keeps what is shown until the answer, and an error only shows when nothing was. */
async function load<T>(target: WritableAtom<Load<T>>, fetch: () => Promise<T>): Promise<void> {
  if (target.get().status !== 'ready') target.set({ status: 'loading' });
  try {
    target.set({ status: 'ready', value: await fetch() });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    if (target.get().status !== 'ready') target.set({ status: 'error' });
  }
}

/** `GET /ranking`: the table, and the signed-in player's level and progress. */
export function loadRanking(): Promise<void> {
  return load($ranking, () => api.get<RankingView>('/ranking'));
}

/** `GET /profile/vip` (signed-in players only). */
export function loadVip(): Promise<void> {
  if ($session.get().status !== 'user') return Promise.resolve();
  return load($vip, async () => (await api.get<{ vip: VipView }>('/profile/vip')).vip);
}
