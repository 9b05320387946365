import type { Locale } from '../contract/tenant-bundle.ts';

/** i18n resource / `lang` tag per route locale (`src/i18n/{tag}.json`). */
export const LANGUAGE_TAGS = { pt: 'pt-BR', en: 'en-US' } as const satisfies Record<Locale, string>;
export type LanguageTag = (typeof LANGUAGE_TAGS)[Locale];
/** Spec section 1: fallback message language is en-US. */
export const FALLBACK_LANGUAGE: LanguageTag = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return value === 'pt' || value === 'en';
}

/** The page's locale from `<html data-locale>`; Portuguese when absent (the default locale). */
export function currentLocale(doc: Document = document): Locale {
  const value = doc.documentElement.dataset.locale;
  return isLocale(value) ? value : 'pt';
}

/** `/en/terms` → `/terms`, `/en` → `/`; Portuguese paths are returned unchanged. */
export function stripLocalePrefix(pathname: string): string {
  if (pathname === '/en') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

/**
 * The same page's path in another locale: Portuguese has no prefix, English
 * lives under `/en` (its home is `/en`, as the pages and sitemap spell it).
 */
export function localizedPath(pathname: string, locale: Locale): string {
  const base = stripLocalePrefix(pathname);
  if (locale === 'pt') return base;
  return base === '/' ? '/en' : '/en' + base;
}

/** The locale a browser language asks for: English for `en*`, otherwise Portuguese. */
export function localeForBrowserLanguage(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'pt';
}

export interface FirstVisitInput {
  /** Current value of the `i18n_redirected` cookie, if any. */
  cookie: string | undefined;
  pageLocale: Locale;
  /** `navigator.language`. */
  browserLanguage: string | undefined;
  /** The same page in English (the page's `data-locale-switch="en"` link, or a computed path). */
  englishHref: string;
}

export type FirstVisitPlan =
  | { action: 'none' }
  | { action: 'remember'; locale: Locale }
  | { action: 'redirect'; locale: 'en'; href: string };

/**
 * Site DOM contract item 6: on a first visit (no `i18n_redirected` cookie) the
 * browser language is followed once: a Portuguese page redirects to its
 * English twin when the browser asks for English; the cookie is set either
 * way so the redirect never repeats.
 */
export function planFirstVisit(input: FirstVisitInput): FirstVisitPlan {
  if (input.cookie !== undefined && input.cookie !== '') return { action: 'none' };
  const wanted = localeForBrowserLanguage(input.browserLanguage);
  if (input.pageLocale === 'pt' && wanted === 'en') return { action: 'redirect', locale: 'en', href: input.englishHref };
  return { action: 'remember', locale: input.pageLocale };
}
