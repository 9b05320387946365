import type { PlayerDetailView, PlayerPage } from '../../contract/backoffice.ts';
import { call } from '../api.ts';
import { loader, resource } from './resource.ts';

export const $players = resource<PlayerPage>();
export const $player = resource<PlayerDetailView>();
const loadList = loader($players);
const loadOne = loader($player);

export function searchPlayers(q: string, page: number): Promise<void> {
  return loadList(() => call<PlayerPage>('/operator/players', { query: { ...(q ? { q } : {}), page } }));
}

export function loadPlayer(id: number): Promise<void> {
  return loadOne(() => call<PlayerDetailView>(`/operator/players/${id}`));
}
