import { atom } from 'nanostores';
import type { PlayerBonusView } from '../contract/bonuses.ts';
import type { BonusesAnswer } from '../contract/wallet.ts';
import { ApiError } from '../lib/api/errors.ts';
import { api } from './api.ts';

/** The player's running bonuses on `/bonus` (`GET /wallet/bonuses` → `active`), with their rollover progress and expiry. */
export type ActiveBonusesState =
  | { status: 'idle' }
  | { status: 'loading'; bonuses: PlayerBonusView[] }
  | { status: 'ready'; bonuses: PlayerBonusView[] }
  | { status: 'failed'; bonuses: PlayerBonusView[] };

export const $activeBonuses = atom<ActiveBonusesState>({ status: 'idle' });

let controller: AbortController | null = null;

/** Loads (or reloads) the running bonuses; a failure keeps those shown and says so. */
export async function loadActiveBonuses(): Promise<void> {
  controller?.abort();
  const mine = new AbortController();
  controller = mine;
  const current = $activeBonuses.get();
  const shown = current.status === 'idle' ? [] : current.bonuses;
  $activeBonuses.set({ status: 'loading', bonuses: shown });
  try {
    const answer = await api.get<BonusesAnswer>('/wallet/bonuses', { page: 1 }, { signal: mine.signal });
    if (controller === mine) $activeBonuses.set({ status: 'ready', bonuses: answer.active });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    if (controller === mine) $activeBonuses.set({ status: 'failed', bonuses: shown });
  }
}
