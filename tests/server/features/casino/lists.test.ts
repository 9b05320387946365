import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView, ProviderView } from '../../../../src/contract/casino.ts';
import type { PagedList } from '../../../../src/contract/wallet.ts';
import { eq } from 'drizzle-orm';
import { games as gamesTable } from '../../../../server/db/schema.ts';
import { importCatalogue } from '../../../../server/features/casino/import/import-catalogue.ts';
import { listProviders } from '../../../../server/features/casino/list-providers.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { casinoHarness, type CasinoHarness, row, SORTE } from './helpers.ts';

let h: CasinoHarness;
beforeAll(async () => {
  h = await casinoHarness();
  // A known most-viewed order: 7 (500), 22 (300), 3 (200); the rest 0 → by id.
  await h.setViews(7, 500);
  await h.setViews(22, 300);
  await h.setViews(3, 200);
}, 60_000);
afterAll(() => h.close());

async function games(query: string): Promise<PagedList<GameView>> {
  const r = await h.call('GET', `/casinos/games${query}`, { host: SORTE });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as PagedList<GameView>;
}
const codes = (p: PagedList<GameView>) => p.data.map((g) => g.gamecode);

describe('GET /casinos/games', () => {
  it('pages 24 at a time, most viewed first then by id, with total and last_page', async () => {
    const first = await games('');
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 30 });
    expect(first.data).toHaveLength(24);
    expect(codes(first).slice(0, 4)).toEqual(['game-7', 'game-22', 'game-3', 'game-1']);
    const second = await games('?page=2');
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 30 });
    expect(second.data).toHaveLength(6);
    expect(new Set([...codes(first), ...codes(second)]).size).toBe(30);
    const beyond = await games('?page=3');
    expect(beyond).toMatchObject({ data: [], current_page: 3, last_page: 2, total: 30 });
  });

  it('answers the section 3 Game fields, per-caller flags false for a guest', async () => {
    const { data } = await games('?searchTerm=Desconto%2050%25');
    expect(data).toHaveLength(1);
    expect(data[0]).toEqual({
      id: h.ids.get(3),
      game_id: 'g3',
      title: 'Desconto 50% já',
      gamecode: 'game-3',
      providercode: 'alpha',
      provider_name: 'Alpha Studio',
      has_tables: false,
      only_demo: true,
      bonus_allowed: true,
      views: 200,
      image: '/covers/game-3.webp',
      image_mobile: '/covers/game-3.webp',
      category_slug: 'slots',
      hasLike: false,
      totalLikes: 0,
      hasFavorite: false,
      type: 'slot',
      rtp: 9650,
    });
  });

  it('filters by one provider, a comma list, and treats `all` as every provider', async () => {
    expect((await games('?provider=gamma')).total).toBe(3);
    expect((await games('?provider=beta,gamma')).total).toBe(10);
    expect((await games('?provider=BETA, gamma')).total).toBe(10);
    expect((await games('?provider=all')).total).toBe(30);
    expect((await games('?provider=nobody')).total).toBe(0);
  });

  it('searches titles ignoring case and accents', async () => {
    expect(codes(await games('?searchTerm=acao')).sort()).toEqual(['game-1', 'game-2']);
    expect(codes(await games('?searchTerm=A%C3%87%C3%83O')).sort()).toEqual(['game-1', 'game-2']);
    expect(codes(await games('?searchTerm=TOTAL'))).toEqual(['game-1']);
  });

  it('takes % and _ in the search literally', async () => {
    expect(codes(await games('?searchTerm=50%25'))).toEqual(['game-3']);
    expect(codes(await games('?searchTerm=snake_case'))).toEqual(['game-5']);
    expect((await games('?searchTerm=%25')).total).toBe(1);
    expect((await games('?searchTerm=_')).total).toBe(1);
  });

  it('filters by category, type and bonuses, alone and combined', async () => {
    expect((await games('?category=live-casino')).total).toBe(4);
    expect((await games('?type=table')).total).toBe(3);
    expect((await games('?bonuses=1')).total).toBe(28);
    expect((await games('?bonuses=true&provider=alpha')).total).toBe(19);
    expect((await games('?bonuses=0')).total).toBe(30);
    expect(codes(await games('?provider=beta&category=live-casino&bonuses=1')).sort()).toEqual(['game-22', 'game-23', 'game-24']);
    expect(codes(await games('?provider=alpha&searchTerm=acao&bonuses=1'))).toEqual(['game-1']);
    expect((await games('?type=live&category=slots')).total).toBe(0);
  });

  it('refuses bad query values with 422 naming the field', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?type=poker', 'type'],
      ['?bonuses=maybe', 'bonuses'],
      ['?provider=bad%20code!', 'provider'],
    ]) {
      const r = await h.call('GET', `/casinos/games${query}`, { host: SORTE });
      expect(r.status, query).toBe(422);
      expect(Object.keys(r.body.errors as object)).toEqual([field]);
    }
  });

  it('only shows the tenant’s own games', async () => {
    const local = await h.call('GET', '/casinos/games?provider=alpha', { host: 'localhost' });
    expect(local.body.total).toBe(0);
  });
});

describe('featured lists', () => {
  it('GET /featured/home-games and /featured/games list the flagged games, most viewed first', async () => {
    const home = await h.call('GET', '/featured/home-games', { host: SORTE });
    expect(home.status).toBe(200);
    expect((home.body.data as GameView[]).map((g) => g.gamecode)).toEqual(['game-2', 'game-21']);
    await h.setViews(21, 50);
    const featured = await h.call('GET', '/featured/games?page=1', { host: SORTE });
    expect((featured.body.data as GameView[]).map((g) => g.gamecode)).toEqual(['game-21', 'game-1']);
    expect(featured.body).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    await h.setViews(21, 0);
  });
});

describe('GET /games/providers', () => {
  async function providers(query: string): Promise<PagedList<ProviderView>> {
    const r = await h.call('GET', `/games/providers${query}`, { host: SORTE });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as unknown as PagedList<ProviderView>;
  }

  it('lists providers with active games and their counts', async () => {
    const all = await providers('');
    expect(all).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(all.data.map((p) => [p.code, p.name, p.games_count])).toEqual([
      ['alpha', 'Alpha Studio', 20],
      ['beta', 'Beta Ação', 7],
      ['gamma', 'Gamma Crash', 3],
    ]);
    expect(all.data[0]).toEqual({ id: expect.any(Number), code: 'alpha', name: 'Alpha Studio', image: null, games_count: 20 });
  });

  it('filters by category (counting its games), search (accents ignored) and provider codes', async () => {
    expect((await providers('?category=live-casino')).data.map((p) => [p.code, p.games_count])).toEqual([['beta', 4]]);
    expect((await providers('?searchTerm=acao')).data.map((p) => p.code)).toEqual(['beta']);
    expect((await providers('?searchTerm=GAMMA')).data.map((p) => p.code)).toEqual(['gamma']);
    expect((await providers('?provider=alpha,gamma')).data.map((p) => p.code)).toEqual(['alpha', 'gamma']);
    expect((await providers('?category=crash&provider=alpha')).total).toBe(0);
    expect((await providers('?page=2')).data).toEqual([]);
  });

  it('pages 24 providers at a time', async () => {
    const local = await h.call('GET', '/games/providers', { host: 'localhost' });
    expect(local.body).toMatchObject({ current_page: 1, last_page: 1, total: 6 });
    // 26 one-game providers on another tenant: 24 + 2.
    const manutencao = (await findTenantByDomain(h.db, 'manutencao.localhost'))!.id;
    const rows = Array.from({ length: 26 }, (_, i) => row(100 + i, { providercode: `p${String(i).padStart(2, '0')}`, provider_name: `Provider ${String(i).padStart(2, '0')}` }));
    await h.db.delete(gamesTable).where(eq(gamesTable.tenantId, manutencao));
    await importCatalogue(h.db, { tenantId: manutencao, text: JSON.stringify(rows), format: 'json', replace: false });
    const first = await listProviders(h.db, { tenantId: manutencao, page: 1, searchTerm: '', category: '', providers: [] });
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 26 });
    expect(first.data).toHaveLength(24);
    const second = await listProviders(h.db, { tenantId: manutencao, page: 2, searchTerm: '', category: '', providers: [] });
    expect(second.data.map((p) => p.code)).toEqual(['p24', 'p25']);
  });
});
