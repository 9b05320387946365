import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, ProviderView } from '../../../../src/contract/casino.ts';
import type { PagedList } from '../../../../src/contract/wallet.ts';
import { gameLikes, games, users } from '../../../../server/db/schema.ts';
import { CATALOGUE_FRESH_MS, CATALOGUE_FULL_READ_MS, CATALOGUE_MAX_AGE_MS, catalogueSnapshot, forgetCatalogue, noteLikeCount } from '../../../../server/features/casino/catalogue-cache.ts';
import { importCatalogue } from '../../../../server/features/casino/import/import-catalogue.ts';
import { casinoHarness, type CasinoHarness, row, SORTE, testRows } from './helpers.ts';

/*
 * The lobby's lists answer from an in-memory catalogue per tenant
 * (server/features/casino/catalogue-cache.ts). What a player or operator
 * does through the platform shows in the very next list call; views and
 * writes the process did not make show once the snapshot is reloaded.
 */

let h: CasinoHarness;
let ana: string;
beforeAll(async () => {
  h = await casinoHarness();
  ana = await h.player('+5511987650031');
}, 60_000);
afterAll(() => h.close());

async function list(query: string, token?: string): Promise<PagedList<GameView>> {
  const r = await h.call('GET', `/casinos/games${query}`, { host: SORTE, token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as PagedList<GameView>;
}
async function providers(query: string): Promise<PagedList<ProviderView>> {
  return (await h.call('GET', `/games/providers${query}`, { host: SORTE })).body as unknown as PagedList<ProviderView>;
}
const codes = (p: PagedList<GameView>) => p.data.map((g) => g.gamecode);
const importRows = (rows: Record<string, unknown>[], replace: boolean) =>
  importCatalogue(h.db, { tenantId: h.tenants.sorte, text: JSON.stringify(rows), format: 'json', replace });

describe('writes through the platform show in the next list call', () => {
  it('an import adds games, a replacing import hides them, and provider counts follow', async () => {
    expect((await list('?provider=gamma')).total).toBe(3);
    expect((await providers('?provider=gamma')).data[0]?.games_count).toBe(3);

    await importRows([...testRows(), row(31, { title: 'Tigre Dourado', providercode: 'gamma', provider_name: 'Gamma Crash', category_slug: 'crash', type: 'crash' })], false);
    expect(codes(await list('?provider=gamma'))).toContain('game-31');
    expect(codes(await list('?searchTerm=tigre'))).toEqual(['game-31']);
    expect((await providers('?provider=gamma')).data[0]?.games_count).toBe(4);

    await importRows(testRows(), true);
    expect((await list('?provider=gamma')).total).toBe(3);
    expect((await list('?searchTerm=tigre')).total).toBe(0);
    expect((await providers('?provider=gamma')).data[0]?.games_count).toBe(3);
  });

  it('a like changes totalLikes for everybody at once; the player’s own flags are read per call', async () => {
    const game12 = async (token?: string) => (await list('?searchTerm=Game%2012', token)).data[0]!;
    expect(await game12()).toMatchObject({ gamecode: 'game-12', totalLikes: 0, hasLike: false });

    const id = h.ids.get(12)!;
    expect((await h.call('POST', `/games/like/${id}`, { host: SORTE, token: ana })).body).toEqual({ action: true, totalLikes: 1 });
    expect(await game12()).toMatchObject({ totalLikes: 1, hasLike: false, hasFavorite: false });
    expect(await game12(ana)).toMatchObject({ totalLikes: 1, hasLike: true, hasFavorite: false });

    await h.call('POST', `/games/favorite/${id}`, { host: SORTE, token: ana });
    expect(await game12(ana)).toMatchObject({ hasLike: true, hasFavorite: true });

    await h.call('POST', `/games/like/${id}`, { host: SORTE, token: ana });
    expect(await game12()).toMatchObject({ totalLikes: 0 });
    expect(await game12(ana)).toMatchObject({ totalLikes: 0, hasLike: false, hasFavorite: true });
  });
});

describe('what the process did not write (views, other nodes) shows after a reload', () => {
  it('answers from the snapshot while fresh, reloads in the background once stale, and waits for a reload when too old', async () => {
    const tenant = h.tenants.sorte;
    forgetCatalogue(tenant);
    const t0 = Date.now();
    const first = await catalogueSnapshot(h.db, tenant, t0);
    expect(first.games[0]!.game.gamecode).toBe('game-1');

    // A launch counts a view without telling the cache: the fresh snapshot still answers.
    await h.setViews(15, 900);
    expect(await catalogueSnapshot(h.db, tenant, t0 + CATALOGUE_FRESH_MS - 1)).toBe(first);
    expect(codes(await list(''))[0]).toBe('game-1');

    // Stale: the old snapshot answers once more, while a reload runs.
    expect(await catalogueSnapshot(h.db, tenant, t0 + CATALOGUE_FRESH_MS)).toBe(first);
    await expect.poll(async () => (await catalogueSnapshot(h.db, tenant, t0 + CATALOGUE_FRESH_MS + 1)).games[0]!.game.gamecode).toBe('game-15');

    // Too old (nobody asked for a while): the call waits for the reload.
    await h.setViews(15, 0);
    const later = await catalogueSnapshot(h.db, tenant, t0 + CATALOGUE_FRESH_MS + CATALOGUE_MAX_AGE_MS + 1);
    expect(later.games[0]!.game.gamecode).toBe('game-1');
  });

  it('a reload reads views and likes only, everything when the set of games changed or the last full read is old', async () => {
    const tenant = h.tenants.sorte;
    forgetCatalogue(tenant);
    const t0 = Date.now();
    await catalogueSnapshot(h.db, tenant, t0);
    const titleOf = async (at: number, n: number) => (await catalogueSnapshot(h.db, tenant, at)).games.find((e) => e.game.id === h.ids.get(n))!.game.title;

    // Another node renames a game and takes a like: the like shows with the next reload, the title with the next full read.
    const [player] = await h.db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenant)).limit(1);
    await h.db.update(games).set({ title: 'Renamed elsewhere' }).where(eq(games.id, h.ids.get(16)!));
    await h.db.insert(gameLikes).values({ userId: player!.id, gameId: h.ids.get(16)! });
    const reloaded = await catalogueSnapshot(h.db, tenant, t0 + CATALOGUE_MAX_AGE_MS);
    expect(reloaded.likes.get(h.ids.get(16)!)).toBe(1);
    expect(await titleOf(t0 + CATALOGUE_MAX_AGE_MS, 16)).toBe('Game 16');
    expect(await titleOf(t0 + CATALOGUE_FULL_READ_MS + CATALOGUE_MAX_AGE_MS, 16)).toBe('Renamed elsewhere');

    // Another node hides a game and renames another: the set changed, so the next reload reads everything.
    const fullReadAt = t0 + CATALOGUE_FULL_READ_MS + CATALOGUE_MAX_AGE_MS;
    await h.db.update(games).set({ active: false, title: 'Game 16' }).where(eq(games.id, h.ids.get(16)!));
    await h.db.update(games).set({ title: 'Renamed again' }).where(eq(games.id, h.ids.get(17)!));
    const afterHide = await catalogueSnapshot(h.db, tenant, fullReadAt + CATALOGUE_MAX_AGE_MS);
    expect(afterHide.games.some((e) => e.game.id === h.ids.get(16))).toBe(false);
    expect(await titleOf(fullReadAt + CATALOGUE_MAX_AGE_MS, 17)).toBe('Renamed again');

    await h.db.update(games).set({ active: true }).where(eq(games.id, h.ids.get(16)!));
    await h.db.update(games).set({ title: 'Game 17' }).where(eq(games.id, h.ids.get(17)!));
    await h.db.delete(gameLikes).where(eq(gameLikes.gameId, h.ids.get(16)!));
    forgetCatalogue(tenant);
  });

  it('drops a read that was under way when a write happened, so it cannot bring old data back', async () => {
    const tenant = h.tenants.sorte;
    forgetCatalogue(tenant);
    const underWay = catalogueSnapshot(h.db, tenant);
    noteLikeCount(tenant, h.ids.get(3)!, 5);
    const read = await underWay;
    const next = await catalogueSnapshot(h.db, tenant);
    expect(next).not.toBe(read);
    // The count in the database (0) wins over the one noted while no snapshot was held.
    expect(next.likes.get(h.ids.get(3)!) ?? 0).toBe(0);
  });
});
