import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { BundlePromotion } from '../../../src/contract/promotions.ts';
import type { Db } from '../../db/open.ts';
import { type PromotionRow, promotions } from './schema.ts';
import { toBundlePromotion } from './present.ts';

const ORDER = [asc(promotions.sort), asc(promotions.id)] as const;

/** Every promotion of a tenant (switched off and ended ones too), in display order: `sort`, then oldest first. */
export function listTenantPromotions(db: Db, tenantId: number): Promise<PromotionRow[]> {
  return db.select().from(promotions).where(eq(promotions.tenantId, tenantId)).orderBy(...ORDER);
}

/** One promotion of a tenant by slug, or null (another tenant's is as absent as a missing one). */
export async function findPromotion(db: Db, tenantId: number, slug: string): Promise<PromotionRow | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.slug, slug)))
    .limit(1);
  return row ?? null;
}

/**
 * The promotions a build of this tenant publishes: active and inside their
 * window at `now` (no start or started; no end or not yet ended), in display
 * order. The same rule as `isLive`, written as SQL.
 */
export async function livePromotions(db: Db, tenantId: number, now: Date = new Date()): Promise<BundlePromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.tenantId, tenantId),
        eq(promotions.active, true),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(...ORDER);
  return rows.map(toBundlePromotion);
}
