import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $barred, closingDate } from '../../stores/barred.ts';
import { useTranslator } from '../auth/use-translator.ts';
import { usePageLocale } from '../shared/use-page-locale.ts';
import './barred.css';

/**
 * The regulator's bar (SIGAP "impedidos"), told on every page to the barred
 * player only: bets and deposits are blocked, the balance can be withdrawn,
 * the account closes on the date given. Not dismissible: it is the account's
 * standing, not a notice, and it goes when the bar is lifted.
 */
export function BarredBanner() {
  const barred = useStore($barred);
  const locale = usePageLocale();
  const t = useTranslator(locale);
  const titleId = useId();
  if (!t || !barred) return null;
  return (
    <section className="barred-banner" aria-labelledby={titleId} data-testid="barred-banner">
      <h2 id={titleId}>{t('barred.banner.title')}</h2>
      <p>{t('barred.banner.text', { date: closingDate(barred.closes_at, locale) })}</p>
    </section>
  );
}
