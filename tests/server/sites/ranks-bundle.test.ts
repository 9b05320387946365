import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankView } from '../../../src/contract/ranking.ts';
import { TenantBundleSchema } from '../../../src/tenant/bundle-schema.ts';
import { loadTenantBundle } from '../../../server/features/tenants/bundle.ts';
import { buildInputs } from '../../../server/sites/incremental.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { seedDemoTenants, silentLog } from '../helpers/app.ts';
import { fixtureBundle } from './mini-site.ts';

/**
 * The rank table in the bundle the site build reads (issue 18): `/ranking`
 * draws it as plain HTML, so the platform hands it over at build time, the
 * bundle check takes it, and a table change renders no game page again.
 */
const rank = (level: number, totalBet: number): RankView => ({ level, name: { pt: `N${level}`, en: `L${level}` }, totalBet, image: `/ranks/${level}.svg` });
const OPTS = { apiUrl: '/api', origin: 'https://sorte.example', realtime: { key: 'k', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' } };

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await freshDatabase({ pglite: true });
  await seedDemoTenants(tdb.handle.db, silentLog);
});
afterAll(async () => {
  await tdb.close();
});

describe('ranks in the tenant bundle', () => {
  it("carries the tenant's rank table, level 1 first, with both names, thresholds and badges", async () => {
    const bundle = await loadTenantBundle(tdb.handle.db, 'localhost', OPTS);
    expect(bundle.ranks?.length).toBe(7);
    expect(bundle.ranks?.map((r) => r.level)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(bundle.ranks?.[1]).toMatchObject({ level: 2, name: { pt: 'Bronze', en: 'Bronze' }, totalBet: 100_00 });
    expect(bundle.ranks?.[0]?.image).toMatch(/^\/.+\.svg$/);
    expect(v.safeParse(TenantBundleSchema, JSON.parse(JSON.stringify(bundle))).success).toBe(true);
  });

  it('the bundle check refuses two ranks of one level, and takes a bundle without ranks', () => {
    const bundle = fixtureBundle('sorte.localhost', 'Sorte');
    expect(v.safeParse(TenantBundleSchema, { ...bundle, ranks: [rank(1, 0), rank(1, 10)] }).success).toBe(false);
    expect(v.safeParse(TenantBundleSchema, { ...bundle, ranks: undefined }).success).toBe(true);
  });

  it('a rank table change leaves the game pages of an incremental rebuild alone', () => {
    const bundle = fixtureBundle('sorte.localhost', 'Sorte');
    const before = buildInputs({ ...bundle, ranks: [rank(1, 0)] }, 'code');
    const after = buildInputs({ ...bundle, ranks: [rank(1, 0), rank(2, 100_00)] }, 'code');
    expect(after.shared).toBe(before.shared);
    expect(after.pages).toEqual(before.pages);
  });
});
