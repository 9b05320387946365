import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_GAMES } from '../../../../src/contract/casino.ts';
import { gameProviders, games } from '../../../../server/db/schema.ts';
import { loadTenantBundle } from '../../../../server/features/tenants/bundle.ts';
import { seedDemoTenants } from '../../../../server/features/tenants/demo/seed.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { silentLog } from '../../helpers/app.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';

const REPO = join(import.meta.dirname, '../../../..');
const realtime = { key: 'k', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' };

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
}, 60_000);
afterAll(() => tdb.close());

describe('demo catalogue', () => {
  it('gives every demo tenant ~40 games over at least 5 providers and its categories, house games included', async () => {
    const db = tdb.handle.db;
    for (const domain of ['localhost', 'sorte.localhost', 'manutencao.localhost']) {
      const bundle = await loadTenantBundle(db, domain, { apiUrl: '/api', realtime, origin: `http://${domain}` });
      const catalogue = bundle.casino!;
      expect(catalogue.games.length).toBe(40);
      expect(catalogue.providers.length).toBeGreaterThanOrEqual(6);
      const categories = new Set(bundle.categories.map((c) => c.slug));
      expect(new Set(catalogue.games.map((g) => g.category_slug))).toEqual(categories);
      const house = catalogue.games.filter((g) => g.providercode === 'house');
      expect(house.map((g) => g.gamecode).sort()).toEqual([...HOUSE_GAMES].sort());
      for (const g of house) expect(g).toMatchObject({ type: 'instant', rtp: 9900, only_demo: false, category_slug: 'originals' });
      expect(catalogue.games.some((g) => g.only_demo)).toBe(true);
      // Every cover is a site path of a file in the tenant's art folder.
      for (const g of catalogue.games) {
        expect(g.image.startsWith(`/demo/${domain}/games/`)).toBe(true);
        await access(join(REPO, 'tenant-assets', domain, g.image));
      }
    }
  });

  it('seeds again only into a tenant without games', async () => {
    const db = tdb.handle.db;
    const sorte = (await findTenantByDomain(db, 'sorte.localhost'))!.id;
    const countOf = async () => (await db.select({ n: count() }).from(games).where(eq(games.tenantId, sorte)))[0]!.n;
    await seedDemoTenants(db, silentLog);
    expect(await countOf()).toBe(40);
    await db.delete(games).where(eq(games.tenantId, sorte));
    await seedDemoTenants(db, silentLog);
    expect(await countOf()).toBe(40);
  });
});

describe('loadTenantBundle casino', () => {
  it('exports the active games with the CatalogueGame fields and providers with their counts', async () => {
    const db = tdb.handle.db;
    const local = (await findTenantByDomain(db, 'localhost'))!.id;
    await db.update(games).set({ active: false }).where(eq(games.gamecode, 'tigre-dourado'));
    await db.update(games).set({ views: 10 }).where(eq(games.gamecode, 'foguete'));
    const { casino } = await loadTenantBundle(db, 'localhost', { apiUrl: '/api', realtime, origin: 'http://localhost' });
    expect(casino!.games).toHaveLength(39);
    expect(casino!.games.map((g) => g.gamecode)).not.toContain('tigre-dourado');
    const [first] = casino!.games;
    expect(first).toEqual({
      id: expect.any(Number),
      title: 'Foguete',
      gamecode: 'foguete',
      providercode: 'rota-crash',
      provider_name: 'Rota Crash',
      category_slug: 'crash',
      type: 'crash',
      image: '/demo/localhost/games/rota-crash-foguete.svg',
      rtp: 9700,
      only_demo: false,
      description: { pt: 'Foguete é um jogo crash da Rota Crash com RTP de 97,00 %.', en: 'Foguete is a crash game by Rota Crash with an RTP of 97.00%.' },
    });
    const providers = Object.fromEntries(casino!.providers.map((p) => [p.code, p.games_count]));
    expect(providers).toEqual({ 'aurora-gaming': 7, 'cascata-studios': 8, house: 3, 'jaguar-live': 7, 'rota-crash': 7, 'vela-mesa': 7 });
    const houseProvider = casino!.providers.find((p) => p.code === 'house');
    expect(houseProvider).toEqual({ code: 'house', name: 'Ipê Bet Originais', image: null, games_count: 3 });
    const rows = await db.select({ n: count() }).from(gameProviders).where(eq(gameProviders.tenantId, local));
    expect(rows[0]!.n).toBe(6);
  });
});
