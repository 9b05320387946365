import { useEffect, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { currentLocale } from '../../lib/locale.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { ToastStack } from './ToastStack.tsx';

/** The toast island in the page's language (followed across navigations). */
export function ToastRoot() {
  const [locale, setLocale] = useState<Locale>(() => currentLocale());
  useEffect(() => {
    const follow = () => setLocale(currentLocale());
    document.addEventListener('astro:after-swap', follow);
    return () => document.removeEventListener('astro:after-swap', follow);
  }, []);
  const t = useTranslator(locale);
  return t ? <ToastStack t={t} /> : null;
}
