import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { currentLocale } from '../../lib/locale.ts';
import { $depositOpen } from '../../stores/deposit.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { DepositDialog } from './DepositDialog.tsx';

/** The deposit island: the modal while `$depositOpen`, in the page's language (followed across navigations). */
export function DepositRoot() {
  const open = useStore($depositOpen);
  const [locale, setLocale] = useState<Locale>(() => currentLocale());
  useEffect(() => {
    const follow = () => setLocale(currentLocale());
    document.addEventListener('astro:after-swap', follow);
    return () => document.removeEventListener('astro:after-swap', follow);
  }, []);
  const t = useTranslator(locale);
  if (!open || !t) return null;
  return <DepositDialog key={locale} t={t} locale={locale} />;
}
