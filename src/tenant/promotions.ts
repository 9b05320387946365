import type { BundlePromotion } from '../contract/promotions.ts';
import { LOCALES, type Locale, type TenantBundle } from '../contract/tenant-bundle.ts';
import { localeParam } from '../i18n/locales.ts';
import { getBundle } from './bundle.ts';

/**
 * The operator's promotions of this build (issue 18). The platform put only
 * those live at build time into the bundle, in display order; a promotion
 * that ends drops out at the next build, and its page with it (a 404).
 */
export function promotionsOf(bundle: TenantBundle): BundlePromotion[] {
  return bundle.promotions ?? [];
}

/** `/promotion/{slug}`: one page per promotion, in both locales (every promotion has both texts). */
export function promotionPaths(): { params: { locale: string | undefined; slug: string }; props: { locale: Locale; promotion: BundlePromotion } }[] {
  const bundle = getBundle();
  if (!bundle) return [];
  return promotionsOf(bundle).flatMap((promotion) =>
    LOCALES.map((locale) => ({ params: { locale: localeParam(locale), slug: promotion.slug }, props: { locale, promotion } })),
  );
}

/** Locale-neutral path of a promotion's page. */
export function promotionPath(slug: string): string {
  return `/promotion/${slug}`;
}
