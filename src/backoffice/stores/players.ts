import type { PlayerDetailView, PlayerPage } from '../../contract/backoffice.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

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

/** After a change, the open profile shows it. */
async function reload(id: number): Promise<void> {
  await loadPlayer(id);
}

export async function addNote(id: number, body: string): Promise<boolean> {
  const ok = await act(() => call(`/operator/players/${id}/notes`, { method: 'POST', body: { body } }), t('players.noteAdded'));
  if (ok) await reload(id);
  return ok;
}

export async function blockPlayer(id: number, reason: string): Promise<boolean> {
  const ok = await act(() => call(`/operator/players/${id}/block`, { method: 'POST', body: { reason } }), t('players.blockedDone', { id }));
  await reload(id);
  return ok;
}

export async function unblockPlayer(id: number): Promise<boolean> {
  const ok = await act(() => call(`/operator/players/${id}/unblock`, { method: 'POST' }), t('players.unblockedDone', { id }));
  await reload(id);
  return ok;
}
