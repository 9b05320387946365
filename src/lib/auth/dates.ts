import type { Locale } from '../../contract/tenant-bundle.ts';

/** Dates are shown in the operator's time zone (Brazil), whatever the device says. */
export const DISPLAY_TIME_ZONE = 'America/Sao_Paulo';

/**
 * A date for people: DD/MM/YYYY in Portuguese (spec section 9), the
 * en-US numeric form in English. Returns '' for a missing or invalid value.
 */
export function formatDay(value: string | Date | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : 'en-US', {
    timeZone: DISPLAY_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}
