import type { Locale } from '../contract/tenant-bundle.ts';

/** BCP 47 tags for `<html lang>`, hreflang and og:locale, per route locale. */
export const LOCALE_TAGS: Record<Locale, 'pt-BR' | 'en-US'> = { pt: 'pt-BR', en: 'en-US' };

/** Default locale: served without a path prefix (Astro `prefixDefaultLocale: false`). */
export const DEFAULT_LOCALE: Locale = 'pt';

/**
 * The public path of a locale-neutral route path in `locale`.
 * `localePath('en', '/terms')` → `/en/terms`; `localePath('en', '/')` → `/en`;
 * `localePath('pt', '/terms')` → `/terms`. Paths never end in a slash except
 * the root `/`, which matches the URLs the sitemap lists.
 */
export function localePath(locale: Locale, path: string): string {
  const clean = path === '' || path === '/' ? '/' : `/${path.replace(/^\/+|\/+$/g, '')}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** The other locale (the language switch offers exactly one alternative). */
export function otherLocale(locale: Locale): Locale {
  return locale === 'pt' ? 'en' : 'pt';
}

/**
 * Astro's `[...locale]` route param for a locale: `undefined` for the
 * unprefixed default, the locale code otherwise.
 */
export function localeParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}

/** Inverse of {@link localeParam}; throws on a param that is not a known locale. */
export function localeFromParam(param: string | undefined): Locale {
  if (param === undefined || param === '') return DEFAULT_LOCALE;
  if (param === 'en') return 'en';
  throw new Error(`Unknown locale route param "${param}"`);
}

/**
 * An operator-supplied href for `locale`: site-relative paths (`/promotions`)
 * get the locale prefix unless they already carry one; absolute URLs, hashes
 * and other schemes pass through unchanged.
 */
export function localizeHref(locale: Locale, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  if (locale === DEFAULT_LOCALE || href === `/${locale}` || href.startsWith(`/${locale}/`)) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  return localePath(locale, path) + (cut === -1 ? '' : href.slice(cut));
}
