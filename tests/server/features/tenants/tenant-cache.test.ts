import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenantStatus } from '../../../../server/features/tenants/set-status.ts';
import { findTenantCached, TENANT_CACHE_TTL_MS } from '../../../../server/features/tenants/tenant-cache.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { seedDemoTenants, silentLog } from '../../helpers/app.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
});
afterAll(() => tdb.close());

describe('tenant cache', () => {
  it('serves a tenant from memory within the TTL, and forgets it on a write through the services', async () => {
    const db = tdb.handle.db;
    const first = await findTenantCached(db, 'localhost', 1_000);
    expect(first?.domain).toBe('localhost');
    expect(await findTenantCached(db, 'localhost', 1_500)).toBe(first);

    await patchTenantConfig(db, first!.id, { siteTitle: 'Ipê Bet Cache' });
    const patched = await findTenantCached(db, 'localhost', 1_600);
    expect(patched?.config.siteTitle).toBe('Ipê Bet Cache');

    await setTenantStatus(db, first!.id, 'maintenance');
    expect((await findTenantCached(db, 'localhost', 1_700))?.status).toBe('maintenance');
    await setTenantStatus(db, first!.id, 'active');
    expect((await findTenantCached(db, 'localhost', 1_800))?.status).toBe('active');
  });

  it('reads again after the TTL and never caches an unknown domain', async () => {
    const db = tdb.handle.db;
    const cached = await findTenantCached(db, 'sorte.localhost', 10_000);
    expect(await findTenantCached(db, 'sorte.localhost', 10_000 + TENANT_CACHE_TTL_MS)).not.toBe(cached);
    expect(await findTenantCached(db, 'nao-existe.localhost', 10_000)).toBeNull();
  });
});
