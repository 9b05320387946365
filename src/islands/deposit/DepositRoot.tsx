import { useStore } from '@nanostores/react';
import { $depositOpen } from '../../stores/deposit.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { DepositDialog } from './DepositDialog.tsx';
import { usePageLocale } from '../shared/use-page-locale.ts';

/** The deposit island: the modal while `$depositOpen`, in the page's language (followed across navigations). */
export function DepositRoot() {
  const open = useStore($depositOpen);
  const locale = usePageLocale();
  const t = useTranslator(locale);
  if (!open || !t) return null;
  return <DepositDialog key={locale} t={t} locale={locale} />;
}
