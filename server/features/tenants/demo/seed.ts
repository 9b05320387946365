import type { Db } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import { createTenant } from '../create-tenant.ts';
import { hasTenants } from '../find-tenant.ts';
import { seedDemoPromotions } from '../../promotions/demo.ts';
import { seedDemoRanks } from '../../ranks/demo.ts';
import { seedDemoBoxes } from '../../boxes/demo.ts';
import { seedDemoMissions } from '../../missions/demo.ts';
import { seedDemoCatalogues } from './casino.ts';
import { demoTenants } from './tenants.ts';
import { seedDemoStaff } from '../../staff/demo.ts';

/**
 * Seeds the demo tenants when the tenants table is empty, and logs each
 * operator key. Safe to run on every start and from several nodes at once
 * (a domain already taken is skipped). Then gives each demo tenant that has
 * no games the demo casino catalogue, each without promotions the demo
 * promotions, each without ranks the demo rank table and each without boxes
 * the demo boxes, then the demo missions (also on a database
 * seeded before these existed), and each without staff a demo back-office admin.
 * @returns the domains it created (empty when tenants already existed).
 */
export async function seedDemoTenants(db: Db, log: Logger): Promise<string[]> {
  const all = demoTenants();
  const created: string[] = [];
  if (!(await hasTenants(db))) {
    for (const tenant of all) {
      const row = await createTenant(db, tenant);
      if (!row) continue;
      created.push(row.domain);
      log.info(`Seeded demo tenant ${row.domain} (${row.status}); operator key: ${tenant.operatorKey}`);
    }
  }
  await seedDemoCatalogues(
    db,
    all.map((t) => ({ domain: t.domain, brand: t.config.siteTitle })),
    log,
  );
  await seedDemoPromotions(
    db,
    all.map((t) => ({ domain: t.domain, brand: t.config.siteTitle })),
    log,
  );
  await seedDemoRanks(
    db,
    all.map((t) => t.domain),
    log,
  );
  await seedDemoBoxes(
    db,
    all.map((t) => t.domain),
    log,
  );
  // After the boxes: a demo mission may give one.
  await seedDemoMissions(
    db,
    all.map((t) => t.domain),
    log,
  );
  await seedDemoStaff(
    db,
    all.map((t) => t.domain),
    log,
  );
  return created;
}
