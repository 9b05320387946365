import { asc } from 'drizzle-orm';
import type { RealtimeClientConfig, TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import type { Db } from '../../db/open.ts';
import { loadCatalogueBundle } from '../casino/catalogue-bundle.ts';
import { NotFoundError } from '../../http/errors.ts';
import { livePromotions } from '../promotions/list-promotions.ts';
import { listRanks, toRankView } from '../ranks/table.ts';
import { listBoxes } from '../boxes/catalogue.ts';
import { toBundleBox } from '../boxes/present.ts';
import { listCategories } from './categories.ts';
import { findTenantByDomain } from './find-tenant.ts';
import { listTenantPages } from './pages.ts';
import { tenants } from './schema.ts';

/**
 * Everything one tenant's static build needs, read in one go from the
 * database (the site build never queries it itself).
 * @throws NotFoundError when no tenant has this domain.
 */
export async function loadTenantBundle(
  db: Db,
  domain: string,
  opts: { apiUrl: string; realtime: RealtimeClientConfig; origin: string },
): Promise<TenantBundle> {
  const tenant = await findTenantByDomain(db, domain);
  if (!tenant) throw new NotFoundError('tenant_not_found', { message: `No tenant has the domain ${domain}` });
  const [pages, cats, casino, promotions, ranks, boxes] = await Promise.all([
    listTenantPages(db, tenant.id),
    listCategories(db, tenant.id),
    loadCatalogueBundle(db, tenant.id),
    livePromotions(db, tenant.id),
    listRanks(db, tenant.id).then((rows) => rows.map(toRankView)),
    tenant.config.hasBoxes ? listBoxes(db, tenant.id, { activeOnly: true }).then((list) => list.map((e) => toBundleBox(e, tenant.config.is_regulated))) : [],
  ]);
  return {
    domain: tenant.domain,
    origin: opts.origin,
    status: tenant.status,
    config: tenant.config,
    pages,
    categories: cats,
    casino,
    promotions,
    ranks,
    boxes,
    apiUrl: opts.apiUrl,
    realtime: opts.realtime,
    builtAt: new Date().toISOString(),
  };
}

/** Every tenant domain, alphabetically: the set of sites `npm run build` produces. */
export async function listTenantDomains(db: Db): Promise<string[]> {
  const rows = await db.select({ domain: tenants.domain }).from(tenants).orderBy(asc(tenants.domain));
  return rows.map((r) => r.domain);
}
