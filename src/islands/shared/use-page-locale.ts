import { useEffect, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { currentLocale } from '../../lib/locale.ts';

/**
 * The page's language, followed across client-side navigations (the
 * header's islands survive a swap from `/terms` to `/en/terms`).
 */
export function usePageLocale(): Locale {
  const [locale, setLocale] = useState<Locale>(() => currentLocale());
  useEffect(() => {
    const follow = () => setLocale(currentLocale());
    document.addEventListener('astro:after-swap', follow);
    return () => document.removeEventListener('astro:after-swap', follow);
  }, []);
  return locale;
}
