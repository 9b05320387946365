import { and, asc, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { GameView } from '../../../src/contract/casino.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import type { GamesFilter } from './list-games.ts';
import { gameLikes, gameProviders, type GameRow, games } from './schema.ts';
import { foldText } from './search.ts';

/*
 * A tenant's active catalogue held in memory, so the lobby's lists
 * (`GET /casinos/games`, `GET /games/providers`) filter, count and page
 * without a query: a few thousand games fit in a few megabytes, and a scan
 * of their folded titles costs well under a millisecond. Read through
 * ./catalogue-cache.ts, which decides when a snapshot is reloaded.
 */

/** One active game as the lists show it. */
export interface CatalogueEntry {
  /** The row without its descriptions (no list shows them): kept small in memory. */
  game: GameRow;
  providercode: string;
  provider_name: string;
  /** The title folded as a search term is (./search.ts foldText): lower case, no accents. */
  folded: string;
}

/** A provider with at least one active game. */
export interface CatalogueProvider {
  id: number;
  code: string;
  name: string;
  image: string | null;
  foldedName: string;
  foldedCode: string;
  /** Its active games. */
  gameCount: number;
  /** Its active games per category slug. */
  byCategory: Map<string, number>;
}

export interface CatalogueSnapshot {
  /** Active games, most viewed first, then by id (the order of every lobby list; pages never overlap). */
  games: CatalogueEntry[];
  /** Providers having active games, in the operator's order, then by name (as the site build sorts them), then id. */
  providers: CatalogueProvider[];
  /** Likes per game id; absent = 0. Kept current by the like toggle (catalogue-cache.ts noteLikeCount). */
  likes: Map<number, number>;
  /** Filter key → matching games, most recently used last; see matchingGames. */
  matches: Map<string, CatalogueEntry[]>;
  /** Filter key and page → the answer a guest gets (list-games.ts); emptied when a like count changes. */
  guestPages: Map<string, PagedList<GameView>>;
}

/** Distinct filters (and guest pages) remembered per snapshot: one entry holds at most one reference per game. */
const MEMO_SIZE = 200;

/** Keeps `value` under `key` as the most recently used, dropping the least recently used past MEMO_SIZE. */
export function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  memo.delete(key);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
  return value;
}

/** One key per distinct filter: provider order and repeats, case and accents of the search do not matter. */
export function filterKey(filter: GamesFilter): string {
  return JSON.stringify([[...new Set(filter.providers)].sort(), filter.searchTerm ? foldText(filter.searchTerm) : '', filter.category, filter.type, filter.bonuses]);
}

const { descriptionPt: _pt, descriptionEn: _en, ...listColumns } = getTableColumns(games);

const activeGames = (tenantId: number) => and(eq(games.tenantId, tenantId), eq(games.active, true));

async function likeCounts(db: Db, tenantId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ gameId: gameLikes.gameId, n: count() })
    .from(gameLikes)
    .innerJoin(games, eq(games.id, gameLikes.gameId))
    .where(activeGames(tenantId))
    .groupBy(gameLikes.gameId);
  return new Map(rows.map((r) => [r.gameId, r.n]));
}

/** Reads a tenant's active catalogue and its like counts (two queries). */
export async function loadCatalogueSnapshot(db: Db, tenantId: number): Promise<CatalogueSnapshot> {
  const [rows, likes] = await Promise.all([
    db
      .select({ game: listColumns, provider: { id: gameProviders.id, code: gameProviders.code, name: gameProviders.name, image: gameProviders.image, sortOrder: gameProviders.sortOrder } })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .where(activeGames(tenantId))
      .orderBy(desc(games.views), asc(games.id)),
    likeCounts(db, tenantId),
  ]);

  const providers = new Map<number, CatalogueProvider & { sortOrder: number }>();
  const entries = rows.map(({ game, provider }): CatalogueEntry => {
    let p = providers.get(provider.id);
    if (!p) {
      p = { ...provider, foldedName: foldText(provider.name), foldedCode: foldText(provider.code), gameCount: 0, byCategory: new Map() };
      providers.set(provider.id, p);
    }
    p.gameCount += 1;
    p.byCategory.set(game.categorySlug, (p.byCategory.get(game.categorySlug) ?? 0) + 1);
    return { game: { ...game, descriptionPt: null, descriptionEn: null }, providercode: provider.code, provider_name: provider.name, folded: foldText(game.title) };
  });
  return {
    games: entries,
    providers: [...providers.values()].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id),
    likes,
    matches: new Map(),
    guestPages: new Map(),
  };
}

/**
 * `snapshot` with the views and like counts read again: what changes
 * without the cache being told (launches count views; another node takes
 * likes). Two narrow queries, about a tenth of a full read's cost, which
 * matters on PGlite, whose reads run on the event loop. Null when the set
 * of active games is no longer the snapshot's (an import elsewhere): then
 * read it all.
 */
export async function refreshCatalogueSnapshot(db: Db, tenantId: number, snapshot: CatalogueSnapshot): Promise<CatalogueSnapshot | null> {
  const [views, likes] = await Promise.all([db.select({ id: games.id, views: games.views }).from(games).where(activeGames(tenantId)), likeCounts(db, tenantId)]);
  if (views.length !== snapshot.games.length) return null;
  const known = new Map(snapshot.games.map((e) => [e.game.id, e]));
  const entries: CatalogueEntry[] = [];
  for (const { id, views: now } of views) {
    const entry = known.get(id);
    if (!entry) return null;
    entries.push(entry.game.views === now ? entry : { ...entry, game: { ...entry.game, views: now } });
  }
  entries.sort((a, b) => b.game.views - a.game.views || a.game.id - b.game.id);
  return { games: entries, providers: snapshot.providers, likes, matches: new Map(), guestPages: new Map() };
}

/**
 * The snapshot's games matching `filter`, in list order. Results are
 * remembered per filter (the most recent MEMO_SIZE), so paging
 * through one filter, or many guests tapping the same chip, scans once.
 * The search is a plain substring test on folded text: `%` and `_` are
 * literal, case and accents ignored.
 */
export function matchingGames(snapshot: CatalogueSnapshot, filter: GamesFilter): CatalogueEntry[] {
  const key = filterKey(filter);
  const known = snapshot.matches.get(key);
  if (known) return remember(snapshot.matches, key, known);
  const term = filter.searchTerm ? foldText(filter.searchTerm) : '';
  const codes = filter.providers.length > 0 ? new Set(filter.providers) : null;
  const found = snapshot.games.filter(
    (e) =>
      (codes === null || codes.has(e.providercode)) &&
      (term === '' || e.folded.includes(term)) &&
      (filter.category === '' || e.game.categorySlug === filter.category) &&
      (filter.type === null || e.game.type === filter.type) &&
      (!filter.bonuses || e.game.bonusAllowed),
  );
  return remember(snapshot.matches, key, found);
}
