import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteConfigSchema, siteConfigProblems } from '../../../src/contract/site-config.ts';
import { LEGAL_SLUGS } from '../../../src/contract/tenant-bundle.ts';
import * as v from 'valibot';
import { listTenantDomains, loadTenantBundle } from '../../../server/features/tenants/bundle.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { findTenantByOperatorKey } from '../../../server/features/tenants/operator-key.ts';
import { demoOperatorKey } from '../../../server/features/tenants/demo/tenants.ts';
import { openDatabase } from '../../../server/db/open.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { seedDemoTenants, silentLog } from '../helpers/app.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await freshDatabase();
});
afterAll(() => tdb.close());

const realtime = { key: 'app-key', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' };

describe(`migrations and demo seed (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('migrating twice is harmless', async () => {
    await tdb.handle.migrate();
  });

  it.runIf(process.env.TEST_DATABASE_URL)('lets several nodes migrate one empty PostgreSQL database at once', async () => {
    const empty = await freshDatabase({ migrated: false });
    const second = await openDatabase(empty.url);
    try {
      await Promise.all([empty.handle.migrate(), second.migrate(), empty.handle.migrate()]);
      expect(await listTenantDomains(second.db)).toEqual([]);
    } finally {
      await second.close();
      await empty.close();
    }
  });

  it('seeds three demo tenants once, then never again', async () => {
    const created = await seedDemoTenants(tdb.handle.db, silentLog);
    expect(created.sort()).toEqual(['localhost', 'manutencao.localhost', 'sorte.localhost']);
    expect(await seedDemoTenants(tdb.handle.db, silentLog)).toEqual([]);
    expect(await listTenantDomains(tdb.handle.db)).toEqual(['localhost', 'manutencao.localhost', 'sorte.localhost']);
  });

  it('gives each demo tenant a valid configuration, and the maintenance tenant its status', async () => {
    for (const domain of ['localhost', 'sorte.localhost', 'manutencao.localhost']) {
      const tenant = await findTenantByDomain(tdb.handle.db, domain);
      expect(tenant).not.toBeNull();
      const parsed = v.safeParse(SiteConfigSchema, tenant?.config);
      expect(parsed.success).toBe(true);
      if (parsed.success) expect(siteConfigProblems(parsed.output)).toEqual([]);
      expect(tenant?.status).toBe(domain === 'manutencao.localhost' ? 'maintenance' : 'active');
    }
    const a = await findTenantByDomain(tdb.handle.db, 'localhost');
    const b = await findTenantByDomain(tdb.handle.db, 'sorte.localhost');
    expect(a?.config.colors.primary).not.toBe(b?.config.colors.primary);
    expect(a?.config.siteTitle).not.toBe(b?.config.siteTitle);
  });

  it('finds tenants by domain regardless of case and port', async () => {
    expect((await findTenantByDomain(tdb.handle.db, 'SORTE.localhost:4321'))?.domain).toBe('sorte.localhost');
    expect(await findTenantByDomain(tdb.handle.db, 'nowhere.localhost')).toBeNull();
  });

  it('stores operator keys hashed and finds the tenant by its key', async () => {
    const tenant = await findTenantByOperatorKey(tdb.handle.db, demoOperatorKey('sorte.localhost'));
    expect(tenant?.domain).toBe('sorte.localhost');
    expect(await findTenantByOperatorKey(tdb.handle.db, 'demo-key-unknown.localhost')).toBeNull();
    const rows = await tdb.handle.db.query.tenants.findMany();
    for (const row of rows) {
      expect(row.operatorKeyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.operatorKeyHash).not.toContain('demo-key');
    }
  });

  it('loads a complete bundle: legal pages in pt and en, custom pages, categories', async () => {
    const bundle = await loadTenantBundle(tdb.handle.db, 'sorte.localhost', { apiUrl: '/api', realtime, origin: 'http://sorte.localhost:4321' });
    expect(bundle).toMatchObject({ domain: 'sorte.localhost', origin: 'http://sorte.localhost:4321', status: 'active', apiUrl: '/api', realtime });
    for (const slug of LEGAL_SLUGS) {
      for (const locale of ['pt', 'en'] as const) {
        const page = bundle.pages.find((p) => p.kind === 'legal' && p.slug === slug && p.locale === locale);
        expect(page, `${slug}/${locale}`).toBeDefined();
        expect(page?.bodyHtml.length).toBeGreaterThan(600);
        expect(page?.bodyHtml).toContain('Sorte Lunar');
      }
    }
    const terms = bundle.pages.find((p) => p.slug === 'terms' && p.locale === 'pt');
    expect(terms?.bodyHtml).toContain('14.790/2023');
    expect(terms?.bodyHtml).toContain('18 anos');
    expect(bundle.pages.filter((p) => p.kind === 'custom').map((p) => `${p.slug}/${p.locale}`)).toEqual(
      expect.arrayContaining(['sobre-nos/pt', 'sobre-nos/en']),
    );
    expect(bundle.categories.map((c) => c.slug)).toEqual(['slots', 'crash', 'live-casino', 'table-games', 'originals']);
    expect(bundle.categories[0]?.name).toEqual({ pt: 'Caça-níqueis', en: 'Slots' });
    expect(Date.parse(bundle.builtAt)).not.toBeNaN();
  });

  it('refuses to bundle an unknown domain', async () => {
    await expect(loadTenantBundle(tdb.handle.db, 'nowhere.localhost', { apiUrl: '/api', realtime, origin: 'http://x' })).rejects.toMatchObject({
      status: 404,
    });
  });
});
