import { atom, type WritableAtom } from 'nanostores';
import type { RankingView } from '../contract/ranking.ts';
import { ApiError } from '../lib/api/errors.ts';
import { api } from './api.ts';
import { onPlayerChange } from './player-change.ts';

/**
 * The rank card of `/user` (issue 18): the rank table with the player's
 * place from `GET /ranking`. The progress maths is the platform's
 * (src/lib/ranking.ts, shared), so the site shows what the server counts.
 * `/ranking` and `/vip` draw without React (src/scripts/ranking).
 */

export type Load<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

export const $ranking = atom<Load<RankingView>>({ status: 'idle' });

onPlayerChange(() => {
  $ranking.set({ status: 'idle' });
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

