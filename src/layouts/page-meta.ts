import type { Locale, TenantBundle } from '../contract/tenant-bundle.ts';
import { LOCALES } from '../contract/tenant-bundle.ts';
import { localePath, otherLocale } from '../i18n/locales.ts';

/** What a page tells its layout about itself. */
export interface PageMeta {
  locale: Locale;
  /** Locale-neutral route path (`/terms`, `/` for home). */
  path: string;
  /** Page title without the site suffix; the layout renders "<title> | <siteTitle>". */
  title: string;
  /** Meta description; defaults to the tenant's `siteDescription` in this locale. */
  description?: string;
  /** Locales this page exists in (hreflang, language switch). Default: both. */
  locales?: readonly Locale[];
  /** Error and fallback pages: no canonical, no alternates, `noindex`. */
  noindex?: boolean;
  ogType?: 'website' | 'article';
  /** The page's own share image (site path or absolute URL); default the tenant's `images.ogImage`. */
  ogImage?: string;
}

/** Absolute URL of a site path or asset on the tenant's origin (absolute URLs pass through). */
export function absoluteUrl(bundle: TenantBundle, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${bundle.origin}/`).href;
}

/** Locales the page exists in, in LOCALES order. */
export function pageLocalesOf(meta: PageMeta): Locale[] {
  return LOCALES.filter((l) => (meta.locales ?? LOCALES).includes(l));
}

/**
 * Href of the language-switch link to `target`: the same page when it exists
 * in that locale, otherwise that locale's home page.
 */
export function switchHref(meta: PageMeta, target: Locale): string {
  return pageLocalesOf(meta).includes(target) ? localePath(target, meta.path) : localePath(target, '/');
}

export { otherLocale };
