import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { sha256Hex } from '../../db/hash.ts';
import type { TenantContext } from '../../http/context.ts';
import { toTenantContext } from './context.ts';
import { tenants } from './schema.ts';

/** The tenant whose operator API key is `key`, or null. Keys are compared by sha256 digest. */
export async function findTenantByOperatorKey(db: Db, key: string): Promise<TenantContext | null> {
  if (key.length < 16 || key.length > 256) return null;
  const [row] = await db.select().from(tenants).where(eq(tenants.operatorKeyHash, sha256Hex(key))).limit(1);
  return row ? toTenantContext(row) : null;
}

/** Replaces a tenant's operator API key; the old key stops working at once. */
export async function rotateOperatorKey(db: Db, tenantId: number, newKey: string): Promise<void> {
  await db.update(tenants).set({ operatorKeyHash: sha256Hex(newKey), updatedAt: new Date() }).where(eq(tenants.id, tenantId));
}
