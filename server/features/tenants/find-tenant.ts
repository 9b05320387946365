import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { toTenantContext } from './context.ts';
import { normalizeDomain } from './host.ts';
import { tenants } from './schema.ts';

/** The tenant serving `domain` (any case, port ignored), or null when none does. */
export async function findTenantByDomain(db: Db, domain: string): Promise<TenantContext | null> {
  const normalized = normalizeDomain(domain);
  if (!normalized) return null;
  const [row] = await db.select().from(tenants).where(eq(tenants.domain, normalized)).limit(1);
  return row ? toTenantContext(row) : null;
}

/** Whether any tenant exists yet (the demo seed runs only on an empty table). */
export async function hasTenants(db: Db): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).limit(1);
  return rows.length > 0;
}

/** The tenant with `id`, or null. */
export async function findTenantById(db: Db, id: number): Promise<TenantContext | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ? toTenantContext(row) : null;
}
