import { atom } from 'nanostores';
import type { CouponsAnswer, FreeRoundsView } from '../contract/bonuses.ts';
import type { HouseGame } from '../contract/casino.ts';
import { ApiError } from '../lib/api/errors.ts';
import { api } from './api.ts';

/**
 * The player's free rounds of the house games (a coupon's `free_rounds`
 * reward), from `GET /bonuses/coupons` → `free_rounds`: shown on `/bonus` and
 * on the house game's play page, where each free round played updates its
 * grant from the play answer (the count goes down; an empty grant leaves).
 * A grant past its expiry is dropped from what is shown, whatever the list said.
 */
export type FreeRoundsState =
  | { status: 'idle' }
  | { status: 'loading'; grants: FreeRoundsView[] }
  | { status: 'ready'; grants: FreeRoundsView[] }
  | { status: 'failed'; grants: FreeRoundsView[] };

export const $freeRounds = atom<FreeRoundsState>({ status: 'idle' });

let controller: AbortController | null = null;

/** Grants still playable at `now`: rounds left and not expired. */
export function liveGrants(state: FreeRoundsState, now = Date.now()): FreeRoundsView[] {
  if (state.status === 'idle') return [];
  return state.grants.filter((g) => g.rounds_left > 0 && Date.parse(g.expires_at) > now);
}

/** What the play page shows for `game`: rounds left over all its grants, and the next round's stake and expiry (the grant expiring first). */
export function freeRoundsOf(state: FreeRoundsState, game: HouseGame, now = Date.now()): { count: number; stake: number; expires_at: string } | null {
  const grants = liveGrants(state, now).filter((g) => g.game === game);
  if (grants.length === 0) return null;
  const next = [...grants].sort((a, b) => Date.parse(a.expires_at) - Date.parse(b.expires_at) || a.id - b.id)[0]!;
  return { count: grants.reduce((n, g) => n + g.rounds_left, 0), stake: next.stake, expires_at: next.expires_at };
}

/** Loads (or reloads) the player's free rounds; a failure keeps those shown. */
export async function loadFreeRounds(): Promise<void> {
  controller?.abort();
  const mine = new AbortController();
  controller = mine;
  const current = $freeRounds.get();
  const shown = current.status === 'idle' ? [] : current.grants;
  $freeRounds.set({ status: 'loading', grants: shown });
  try {
    const answer = await api.get<CouponsAnswer>('/bonuses/coupons', undefined, { signal: mine.signal });
    if (controller === mine) $freeRounds.set({ status: 'ready', grants: answer.free_rounds ?? [] });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    if (controller === mine) $freeRounds.set({ status: 'failed', grants: shown });
  }
}

/** A free round was played: its grant as the platform answered it replaces the shown one. */
export function noteFreeRoundGrant(grant: FreeRoundsView): void {
  const current = $freeRounds.get();
  const grants = current.status === 'idle' ? [] : current.grants;
  const next = grants.some((g) => g.id === grant.id) ? grants.map((g) => (g.id === grant.id ? grant : g)) : [...grants, grant];
  $freeRounds.set({ status: 'ready', grants: next.filter((g) => g.rounds_left > 0) });
}

/** The platform said none is left (409 `no_free_rounds`): forget the game's grants. */
export function dropFreeRounds(game: HouseGame): void {
  const current = $freeRounds.get();
  if (current.status === 'idle') return;
  $freeRounds.set({ status: 'ready', grants: current.grants.filter((g) => g.game !== game) });
}
