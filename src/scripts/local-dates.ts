import type { Locale } from '../contract/tenant-bundle.ts';
import { formatLocalLongDay } from '../lib/datetime.ts';
import { firstTime, onEveryPage } from './lifecycle.ts';

/**
 * Pre-rendered pages print dates as `<time datetime="ISO" data-local-date>`
 * with a UTC text for readers without JavaScript; this rewrites each one in
 * the player's time zone and the page's language (src/lib/datetime.ts), so
 * the build machine's zone never reaches a player. Without `Intl`
 * (`formatLocalLongDay`): starting ICU was the longest task of a legal page's load.
 */
function formatLocalDates(): void {
  const locale: Locale = document.documentElement.dataset.locale === 'en' ? 'en' : 'pt';
  for (const element of document.querySelectorAll<HTMLTimeElement>('time[data-local-date]')) {
    const text = formatLocalLongDay(element.dateTime, locale);
    if (text && element.textContent !== text) element.textContent = text;
  }
}

export function initLocalDates(): void {
  if (!firstTime('local-dates')) return;
  onEveryPage(formatLocalDates);
}
