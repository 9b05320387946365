import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { NotFoundError } from '../../http/errors.ts';
import { tenants } from './schema.ts';
import { forgetCachedTenants } from './tenant-cache.ts';

/** Opens a tenant to players (`active`) or closes it for `maintenance` (the site answers 402). */
export async function setTenantStatus(db: Db, tenantId: number, status: TenantContext['status']): Promise<void> {
  const updated = await db.update(tenants).set({ status, updatedAt: new Date() }).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
  if (updated.length === 0) throw new NotFoundError('tenant_not_found');
  forgetCachedTenants();
}
