import { atom } from 'nanostores';
import type { ProviderView } from '../contract/casino.ts';
import { casinoApi } from '../lib/casino/api.ts';

/**
 * Game providers (`GET /games/providers`), spec section 4: they reload only
 * when 4 or fewer are loaded (a short list is likely a filtered or partial
 * one; a full list is kept across pages).
 */
export const PROVIDERS_RELOAD_AT_MOST = 4;

export const $providers = atom<{ items: ProviderView[]; loading: boolean; failed: boolean }>({ items: [], loading: false, failed: false });

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
