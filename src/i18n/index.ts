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

/** Translate `key` for `locale`; `vars` fill `{{name}}` placeholders. */
export function t(locale: Locale, key: string, vars?: TOptions): string {
  return getI18n(locale).t(key, vars ?? {});
}
