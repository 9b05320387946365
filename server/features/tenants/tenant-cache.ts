import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { findTenantByDomain } from './find-tenant.ts';

/**
 * A short-lived cache of the tenant a request is for. Every API call
 * resolves its tenant, and reading the row (with the whole site
 * configuration) cost about as much as the rest of a light call. Entries
 * live TENANT_CACHE_TTL_MS; any tenant write in this process
 * ({@link forgetCachedTenants}) drops them all at once, so an operator sees
 * their own change immediately; other platform nodes see it within the TTL.
 * Unknown domains are not cached (a new tenant answers at once).
 */
export const TENANT_CACHE_TTL_MS = 2000;

let generation = 0;
const caches = new WeakMap<Db, Map<string, { tenant: TenantContext; at: number; generation: number }>>();

/** Called by every service that changes a tenant row (configuration, status, domain). */
export function forgetCachedTenants(): void {
  generation += 1;
}

export async function findTenantCached(db: Db, domain: string, now = Date.now()): Promise<TenantContext | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(domain);
  if (hit && hit.generation === generation && now - hit.at < TENANT_CACHE_TTL_MS) return hit.tenant;
  const readAt = generation;
  const tenant = await findTenantByDomain(db, domain);
  // A write during the read may have bumped the generation: then the row read may be stale, so keep nothing.
  if (tenant && readAt === generation) cache.set(domain, { tenant, at: now, generation });
  else cache.delete(domain);
  return tenant;
}
