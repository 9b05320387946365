import { GAMES_PAGE_SIZE, type ProviderView } from '../../../src/contract/casino.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { catalogueSnapshot } from './catalogue-cache.ts';
import { foldText } from './search.ts';

export interface ProvidersQuery {
  tenantId: number;
  page: number;
  /** Name or code contains it (case- and accent-insensitive). */
  searchTerm: string;
  /** Only providers with active games in this category; `games_count` then counts those. */
  category: string;
  /** Only these provider codes; empty = all. */
  providers: string[];
}

/**
 * `GET /games/providers`: providers having at least one active game (in the
 * category, when given), in the operator's order then by name, 24 a page.
 * Read from the tenant's in-memory catalogue (./catalogue-cache.ts), so the
 * counts cost no query.
 */
export async function listProviders(db: Db, q: ProvidersQuery): Promise<PagedList<ProviderView>> {
  const snapshot = await catalogueSnapshot(db, q.tenantId);
  const codes = q.providers.length > 0 ? new Set(q.providers) : null;
  const term = q.searchTerm ? foldText(q.searchTerm) : '';
  const found: ProviderView[] = [];
  for (const p of snapshot.providers) {
    const gamesCount = q.category ? (p.byCategory.get(q.category) ?? 0) : p.gameCount;
    if (gamesCount === 0 || (codes !== null && !codes.has(p.code))) continue;
    if (term !== '' && !p.foldedName.includes(term) && !p.foldedCode.includes(term)) continue;
    found.push({ id: p.id, code: p.code, name: p.name, image: p.image, games_count: gamesCount });
  }
  return {
    data: found.slice((q.page - 1) * GAMES_PAGE_SIZE, q.page * GAMES_PAGE_SIZE),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(found.length / GAMES_PAGE_SIZE)),
    total: found.length,
  };
}
