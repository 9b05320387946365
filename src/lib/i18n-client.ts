import type { i18n as I18n, TFunction } from 'i18next';
import type { Locale } from '../contract/tenant-bundle.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_TAGS } from './locale.ts';

/**
 * i18next for islands, built on first use: the i18next runtime and the
 * resources are dynamic imports, so pages without islands never download
 * them. Pages render their strings at build time from the same JSON files.
 */
const resources = {
  'pt-BR': () => import('../i18n/pt-BR.json'),
  'en-US': () => import('../i18n/en-US.json'),
} as const;

const instances = new Map<Locale, Promise<I18n>>();

async function build(locale: Locale): Promise<I18n> {
  const language = LANGUAGE_TAGS[locale];
  const [{ default: i18next }, own, fallback] = await Promise.all([
    import('i18next'),
    resources[language](),
    language === FALLBACK_LANGUAGE ? undefined : resources[FALLBACK_LANGUAGE](),
  ]);
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: {
      [language]: { translation: own.default },
      ...(fallback ? { [FALLBACK_LANGUAGE]: { translation: fallback.default } } : {}),
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** The memoised i18next instance for a locale (a failed load is retried on the next call). */
export function getI18n(locale: Locale): Promise<I18n> {
  let pending = instances.get(locale);
  if (!pending) {
    pending = build(locale);
    pending.catch(() => instances.delete(locale));
    instances.set(locale, pending);
  }
  return pending;
}

/** Shorthand for islands: the `t` function of a locale. */
export async function getTranslator(locale: Locale): Promise<TFunction> {
  return (await getI18n(locale)).t;
}
