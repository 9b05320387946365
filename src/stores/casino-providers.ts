import { atom } from 'nanostores';
import type { ProviderView } from '../contract/casino.ts';
import { casinoApi } from './casino-api.ts';

/**
 * Game providers (`GET /games/providers`), spec section 4: they reload only
 * when 4 or fewer are loaded (a short list is likely a filtered or partial
 * one; a full list is kept across pages). The lobby's provider filter draws
 * this list, seeded with the providers its page was built with.
 */
export const PROVIDERS_RELOAD_AT_MOST = 4;

/** What a provider chip needs: the bundle's providers have no platform id. */
export type ProviderChip = Omit<ProviderView, 'id'>;

export interface ProvidersState {
  items: ProviderChip[];
  loading: boolean;
  failed: boolean;
}

export const $providers = atom<ProvidersState>({ items: [], loading: false, failed: false });

/**
 * Starts from the providers known without asking (the pre-rendered page's),
 * unless a list is already loaded (a live list is never replaced by an older
 * build's).
 */
export function seedProviders(items: ProviderChip[]): void {
  const s = $providers.get();
  if (s.items.length > 0 || s.loading) return;
  $providers.set({ items, loading: false, failed: false });
}

/** Loads page 1 of the providers when 4 or fewer are loaded; ignored while loading. A failure keeps the list. */
export async function loadProviders(query: { searchTerm?: string; category?: string } = {}): Promise<void> {
  const s = $providers.get();
  if (s.loading || s.items.length > PROVIDERS_RELOAD_AT_MOST) return;
  $providers.set({ ...s, loading: true, failed: false });
  try {
    const answer = await casinoApi.providers({ page: 1, ...query });
    $providers.set({ items: answer.data, loading: false, failed: false });
  } catch {
    $providers.set({ ...$providers.get(), loading: false, failed: true });
  }
}

export function resetProviders(): void {
  $providers.set({ items: [], loading: false, failed: false });
}
