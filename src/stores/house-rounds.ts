import { atom } from 'nanostores';
import type { HouseRoundView } from '../contract/casino.ts';
import type { PagedList } from '../contract/wallet.ts';
import { api } from './api.ts';

/** How many of the actor's last rounds "Minhas apostas" shows. */
export const RECENT_ROUNDS = 10;

export type RoundsView = { status: 'loading' } | { status: 'ready'; rounds: HouseRoundView[] } | { status: 'failed' };

/** "Minhas apostas" on the play page: the actor's last rounds, newest first (`GET /house/rounds`). */
export const $houseRounds = atom<RoundsView>({ status: 'loading' });

let generation = 0;

export async function loadRounds(): Promise<void> {
  const token = ++generation;
  $houseRounds.set({ status: 'loading' });
  try {
    const page = await api.get<PagedList<HouseRoundView>>('/house/rounds', { page: 1 });
    if (token === generation) $houseRounds.set({ status: 'ready', rounds: page.data.slice(0, RECENT_ROUNDS) });
  } catch {
    if (token === generation) $houseRounds.set({ status: 'failed' });
  }
}

/** A round just played goes on top at once (no reload; the list may still be loading). */
export function addRound(round: HouseRoundView): void {
  const view = $houseRounds.get();
  const rounds = view.status === 'ready' ? view.rounds.filter((r) => r.id !== round.id) : [];
  generation++;
  $houseRounds.set({ status: 'ready', rounds: [round, ...rounds].slice(0, RECENT_ROUNDS) });
}
