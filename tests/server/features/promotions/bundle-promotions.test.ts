import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePromotions } from '../../../../server/features/promotions/list-promotions.ts';
import { demoPromotions } from '../../../../server/features/promotions/demo.ts';
import { savePromotion } from '../../../../server/features/promotions/save-promotion.ts';
import { loadTenantBundle } from '../../../../server/features/tenants/bundle.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { loadBundle } from '../../../../src/tenant/bundle.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let tdb: TestDatabase;
let sorteId: number;
let localId: number;
const OPTS = { apiUrl: '/api', origin: 'https://sorte.example', realtime: { key: 'k', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' } };
const HOUR = 3_600_000;

beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  sorteId = (await findTenantByDomain(tdb.handle.db, 'sorte.localhost'))!.id;
  localId = (await findTenantByDomain(tdb.handle.db, 'localhost'))!.id;
});
afterAll(() => tdb.close());

const base = (sort: number, window: { startsAt?: string | null; endsAt?: string | null; active?: boolean } = {}) => ({
  title: { pt: 'T', en: 'T' },
  summary: { pt: 'S', en: 'S' },
  body: { pt: '<p>b</p>', en: '<p>b</p>' },
  sort,
  ...window,
});

describe('promotions in the tenant bundle', () => {
  it('carries only the active promotions inside their window, in display order, and no other tenant’s', async () => {
    const db = tdb.handle.db;
    const now = Date.now();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    await savePromotion(db, sorteId, 'running', base(-5, { startsAt: iso(-HOUR), endsAt: iso(HOUR) }));
    await savePromotion(db, sorteId, 'open-ended', base(-4));
    await savePromotion(db, sorteId, 'ended', base(-3, { startsAt: iso(-2 * HOUR), endsAt: iso(-HOUR) }));
    await savePromotion(db, sorteId, 'not-yet', base(-2, { startsAt: iso(HOUR) }));
    await savePromotion(db, sorteId, 'switched-off', base(-1, { active: false }));
    await savePromotion(db, localId, 'ipe-only', base(-9));

    const bundle = await loadTenantBundle(db, 'sorte.localhost', OPTS);
    expect(bundle.promotions?.map((p) => p.slug)).toEqual(['running', 'open-ended', 'clube-vip', 'torneio-pontos-vip', 'jogo-responsavel']);
    // The bundle never says whether a promotion is switched on: only live ones are in it.
    expect(Object.keys(bundle.promotions![0]!).sort()).toEqual(['body', 'couponCode', 'endsAt', 'image', 'slug', 'sort', 'startsAt', 'summary', 'title', 'updatedAt']);

    // A promotion that ends drops out at the next build; one that starts comes in.
    const later = await livePromotions(db, sorteId, new Date(now + 2 * HOUR));
    expect(later.map((p) => p.slug)).toEqual(['open-ended', 'not-yet', 'clube-vip', 'torneio-pontos-vip', 'jogo-responsavel']);
    expect((await loadTenantBundle(db, 'localhost', OPTS)).promotions?.map((p) => p.slug)).toContain('ipe-only');
  });

  it('is a bundle the site build accepts', async () => {
    const bundle = await loadTenantBundle(tdb.handle.db, 'sorte.localhost', OPTS);
    const file = join(mkdtempSync(join(tmpdir(), 'promo-bundle-')), 'bundle.json');
    writeFileSync(file, JSON.stringify(bundle));
    expect(loadBundle(file).promotions).toHaveLength(5);
  });

  it('seeds demo promotions that offer nothing to bet with (the demo tenants are regulated)', () => {
    const demo = demoPromotions('localhost', 'Ipê Bet', new Date('2026-11-26T12:00:00Z'));
    expect(demo).toHaveLength(3);
    for (const { input } of demo) {
      expect(input.couponCode).toBeNull();
      const text = JSON.stringify(input).toLowerCase();
      // No bonus money, free bets or deposit rewards offered; "bônus" appears only to say there is none.
      expect(text).not.toMatch(/aposta grátis|free bet|deposite e ganhe|deposit bonus|r\$/);
    }
  });
});
