import { createInstance, type i18n, type TOptions } from 'i18next';
import type { Locale } from '../contract/tenant-bundle.ts';
import ptBR from './pt-BR.json';
import enUS from './en-US.json';
import { LOCALE_TAGS } from './locales.ts';

export { LOCALE_TAGS, DEFAULT_LOCALE, localePath, localizeHref, otherLocale, localeParam, localeFromParam } from './locales.ts';

/** The resource files. pt-BR is the base: it defines the keys, en-US must match (tests/src/i18n/keys.test.ts). */
export const RESOURCES = { 'pt-BR': ptBR, 'en-US': enUS } as const;

const instances = new Map<Locale, i18n>();

/**
 * One initialised i18next instance per route locale, created synchronously on
 * first use and reused. Pages (.astro) and React islands share these
 * resources. Interpolated values are not HTML-escaped here because Astro and
 * React escape what they render; never pass a result to `set:html`.
 * Missing keys fall back to en-US (the specification's fallback language).
 */
export function getI18n(locale: Locale): i18n {
  const existing = instances.get(locale);
  if (existing) return existing;
  const instance = createInstance();
  void instance.init({
    lng: LOCALE_TAGS[locale],
    fallbackLng: 'en-US',
    resources: { 'pt-BR': { translation: ptBR }, 'en-US': { translation: enUS } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instances.set(locale, instance);
  return instance;
}

/**
 * Results of `t` by locale, key and placeholder values. A build renders the
 * same header, menu and footer texts on every one of thousands of pages, and
 * an i18next lookup costs ~40 µs (issue 14: ~1.5 ms a page). The resources
 * never change after loading, so a result is the same every time. Bounded:
 * emptied when it reaches MAX_CACHED entries (per-game texts would grow it
 * with the catalogue otherwise).
 */
const results = new Map<string, string>();
const MAX_CACHED = 4096;

/** True when every option is a string, number, boolean or undefined (then they make a cache key). */
function plainOptions(vars: TOptions): boolean {
  for (const value of Object.values(vars)) {
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
  }
  return true;
}

/** Translate `key` for `locale`; `vars` fill `{{name}}` placeholders. */
export function t(locale: Locale, key: string, vars?: TOptions): string {
  if (vars && !plainOptions(vars)) return getI18n(locale).t(key, vars);
  const cacheKey = vars ? `${locale}\u0000${key}\u0000${JSON.stringify(vars)}` : `${locale}\u0000${key}`;
  const cached = results.get(cacheKey);
  if (cached !== undefined) return cached;
  const value = getI18n(locale).t(key, vars ?? {});
  if (typeof value !== 'string') return value;
  if (results.size >= MAX_CACHED) results.clear();
  results.set(cacheKey, value);
  return value;
}
