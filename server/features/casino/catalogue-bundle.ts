import { and, asc, desc, eq } from 'drizzle-orm';
import type { CatalogueBundle } from '../../../src/contract/casino.ts';
import type { Db } from '../../db/open.ts';
import { toCatalogueGame } from './present.ts';
import { gameProviders, games } from './schema.ts';

/**
 * The tenant's catalogue for its static build: every active game (most
 * viewed first, as the lobby lists them) and the providers that have at
 * least one, in the operator's order, with their active game counts.
 */
export async function loadCatalogueBundle(db: Db, tenantId: number): Promise<CatalogueBundle> {
  const rows = await db
    .select({ game: games, provider: { id: gameProviders.id, code: gameProviders.code, name: gameProviders.name, image: gameProviders.image, sortOrder: gameProviders.sortOrder } })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.tenantId, tenantId), eq(games.active, true)))
    .orderBy(desc(games.views), asc(games.id));
  const providers = new Map<number, { code: string; name: string; image: string | null; sortOrder: number; games_count: number }>();
  for (const { provider } of rows) {
    const seen = providers.get(provider.id);
    if (seen) seen.games_count += 1;
    else providers.set(provider.id, { code: provider.code, name: provider.name, image: provider.image, sortOrder: provider.sortOrder, games_count: 1 });
  }
  return {
    games: rows.map((r) => toCatalogueGame(r.game, r.provider)),
    providers: [...providers.values()]
      .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'pt-BR'))
      .map(({ code, name, image, games_count }) => ({ code, name, image, games_count })),
  };
}
