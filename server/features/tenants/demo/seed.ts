import type { Db } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import { createTenant } from '../create-tenant.ts';
import { hasTenants } from '../find-tenant.ts';
import { demoTenants } from './tenants.ts';

/**
 * Seeds the demo tenants when the tenants table is empty, and logs each
 * operator key. Safe to run on every start and from several nodes at once
 * (a domain already taken is skipped).
 * @returns the domains it created (empty when tenants already existed).
 */
export async function seedDemoTenants(db: Db, log: Logger): Promise<string[]> {
  if (await hasTenants(db)) return [];
  const created: string[] = [];
  for (const tenant of demoTenants()) {
    const row = await createTenant(db, tenant);
    if (!row) continue;
    created.push(row.domain);
    log.info(`Seeded demo tenant ${row.domain} (${row.status}); operator key: ${tenant.operatorKey}`);
  }
  return created;
}
