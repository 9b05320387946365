import type { Locale } from '../../contract/tenant-bundle.ts';
import type { ErrorTexts } from './errors.ts';

/**
 * Error message catalogues, loaded on demand: the first API error of a page
 * fetches one small chunk per language instead of every page shipping every
 * string. en-US is always loaded too, as the spec's fallback language.
 */
const loaders: Record<Locale, () => Promise<{ texts: ErrorTexts }>> = {
  pt: () => import('./error-texts.pt-BR.ts'),
  en: () => import('./error-texts.en-US.ts'),
};

export interface LocalizedErrorTexts {
  texts: ErrorTexts;
  fallback: ErrorTexts;
}

const cache = new Map<Locale, Promise<LocalizedErrorTexts>>();

/** The catalogue for a locale plus the en-US fallback; memoised (a failed load is retried next time). */
export function loadErrorTexts(locale: Locale): Promise<LocalizedErrorTexts> {
  let pending = cache.get(locale);
  if (!pending) {
    pending = Promise.all([loaders[locale](), loaders.en()]).then(([own, en]) => ({ texts: own.texts, fallback: en.texts }));
    pending.catch(() => cache.delete(locale));
    cache.set(locale, pending);
  }
  return pending;
}
