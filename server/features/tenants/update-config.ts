import { eq } from 'drizzle-orm';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { assertUploadsExist } from '../site-files/referenced.ts';
import { applyMergePatch } from './merge-patch.ts';
import { forgetCachedTenants } from './tenant-cache.ts';
import { tenants } from './schema.ts';
import { validateTenantConfig } from './validate-config.ts';

/**
 * Replaces a tenant's whole site configuration. `casino_id` may be left out
 * or equal the tenant's id (see validateTenantConfig).
 * @throws ValidationError when `input` is not a valid SiteConfig, names
 * another `casino_id` or an `/uploads/` image the tenant has not uploaded;
 * nothing is written then.
 * @throws NotFoundError when the tenant does not exist.
 */
export async function updateTenantConfig(db: Db, tenantId: number, input: unknown): Promise<SiteConfig> {
  const config = validateTenantConfig(input, tenantId);
  await db.transaction(async (tx) => {
    // The row first: an uploaded image is deleted under the same lock (site-files/delete.ts), so it cannot go between the check and the write.
    const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    if (!row) throw new NotFoundError('tenant_not_found');
    await assertUploadsExist(tx, tenantId, config);
    await tx.update(tenants).set({ config, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
  });
  forgetCachedTenants();
  return config;
}

/**
 * Applies a JSON Merge Patch to a tenant's configuration and validates the
 * result as a whole, inside one transaction (a concurrent patch cannot be lost).
 * @throws ValidationError when the merged configuration is invalid; nothing is written then.
 */
export async function patchTenantConfig(db: Db, tenantId: number, patch: unknown): Promise<SiteConfig> {
  const config = await db.transaction(async (tx) => {
    const [row] = await tx.select({ config: tenants.config }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    if (!row) throw new NotFoundError('tenant_not_found');
    // Patched over the served view: a stale stored casino_id must not make an unrelated patch fail.
    return updateTenantConfig(tx, tenantId, applyMergePatch({ ...row.config, casino_id: tenantId }, patch));
  });
  // Again after the commit: a read between the first forget and the commit saw the old row.
  forgetCachedTenants();
  return config;
}
