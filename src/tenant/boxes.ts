import type { BundleBox } from '../contract/boxes.ts';
import { LOCALES, type Locale, type TenantBundle } from '../contract/tenant-bundle.ts';
import { localeParam } from '../i18n/locales.ts';
import { getBundle } from './bundle.ts';

/**
 * The tenant's mystery boxes of this build (issue 19): the platform puts
 * only active boxes into the bundle, with their prizes, in display order. A
 * tenant with `hasBoxes` off has no box page at all (not even an empty
 * `/casino/crates`): the menu hides the entry and the platform refuses the calls.
 */
export function boxesOf(bundle: TenantBundle): BundleBox[] {
  return bundle.config.hasBoxes ? (bundle.boxes ?? []) : [];
}

/** `/casino/crates`, `/account/boxes`, `/account/items`: both locales when the tenant has boxes switched on; nothing otherwise. */
export function boxesLocalePaths(): { params: { locale: string | undefined }; props: { locale: Locale } }[] {
  const bundle = getBundle();
  if (!bundle?.config.hasBoxes) return [];
  return LOCALES.map((locale) => ({ params: { locale: localeParam(locale) }, props: { locale } }));
}

/** `/casino/box/{slug}`: one page per box, in both locales (every box has both texts). */
export function boxPaths(): { params: { locale: string | undefined; slug: string }; props: { locale: Locale; box: BundleBox } }[] {
  const bundle = getBundle();
  if (!bundle) return [];
  return boxesOf(bundle).flatMap((box) => LOCALES.map((locale) => ({ params: { locale: localeParam(locale), slug: box.slug }, props: { locale, box } })));
}
