import type { BundlePromotion } from '../../../src/contract/promotions.ts';
import type { PromotionRow } from './schema.ts';

/** What the operator API answers for one promotion: the bundle's shape plus the switch the bundle never shows. */
export interface OperatorPromotion extends BundlePromotion {
  active: boolean;
  /** Whether the next build would publish it (active and inside its window now). */
  live: boolean;
  createdAt: string;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** True when a promotion belongs on the site at `now`: switched on, started (or no start), not ended (or no end). */
export function isLive(row: Pick<PromotionRow, 'active' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return row.active && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now);
}

export function toBundlePromotion(row: PromotionRow): BundlePromotion {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    image: row.image,
    couponCode: row.couponCode,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    sort: row.sort,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOperatorPromotion(row: PromotionRow, now: Date): OperatorPromotion {
  return { ...toBundlePromotion(row), active: row.active, live: isLive(row, now), createdAt: row.createdAt.toISOString() };
}
