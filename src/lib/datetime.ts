import type { Locale } from '../contract/tenant-bundle.ts';

/**
 * Every date and time a player sees, in one place: chat, withdrawals,
 * transactions, notifications, house rounds, self-exclusion dates.
 *
 * Times are shown in the player's own time zone (the browser's), so a chat
 * message and a withdrawal made in the same minute read the same. Call these
 * in the browser only: a page pre-rendered at build time must not print a
 * formatted time (it would bake the build machine's zone in); it prints the
 * ISO instant in `<time datetime>` and lets the client format it.
 *
 * `timeZone` is for tests and special cases; leave it out for the player's zone.
 */

const TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };
const cache = new Map<string, Intl.DateTimeFormat>();

type Style = 'time' | 'day' | 'dayTime' | 'dayKey' | 'long';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit' },
  day: { day: '2-digit', month: '2-digit', year: 'numeric' },
  dayTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  dayKey: { year: 'numeric', month: '2-digit', day: '2-digit' },
  long: { dateStyle: 'long' },
};

function formatter(style: Style, locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${locale}|${timeZone ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    // dayKey uses en-CA for its YYYY-MM-DD shape whatever the page's language.
    format = new Intl.DateTimeFormat(style === 'dayKey' ? 'en-CA' : TAGS[locale], { ...OPTIONS[style], timeZone });
    cache.set(key, format);
  }
  return format;
}

/** The instant, or null for a missing or unparseable value. */
export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The zone times are shown in: the browser's (IANA name), e.g. `Europe/Lisbon`. */
export function playerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function format(style: Style, value: string | number | Date | null | undefined, locale: Locale, timeZone?: string): string {
  const date = toDate(value);
  return date ? formatter(style, locale, timeZone).format(date) : '';
}

/** Hours and minutes: `14:05`, `02:05 PM`; '' when unparseable. */
export function formatTime(value: string | number | Date | null | undefined, locale: Locale, timeZone?: string): string {
  return format('time', value, locale, timeZone);
}

/** The calendar day: `09/07/2026` (DD/MM/YYYY, spec section 9), `07/09/2026` in English; '' when unparseable. */
export function formatDay(value: string | number | Date | null | undefined, locale: Locale, timeZone?: string): string {
  return format('day', value, locale, timeZone);
}

/** Day and time: `09/07/2026, 14:05`, `07/09/2026, 02:05 PM`; '' when unparseable. */
export function formatDayTime(value: string | number | Date | null | undefined, locale: Locale, timeZone?: string): string {
  return format('dayTime', value, locale, timeZone);
}

/** A long date: `9 de julho de 2026`, `July 9, 2026`; '' when unparseable. */
export function formatLongDay(value: string | number | Date | null | undefined, locale: Locale, timeZone?: string): string {
  return format('long', value, locale, timeZone);
}

const MONTHS: Record<Locale, readonly string[]> = {
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/**
 * `formatLongDay` in the browser's zone without `Intl`: the same text
 * (`9 de julho de 2026`, `July 9, 2026`) from the Date's local getters. A
 * page's first `Intl` formatter starts ICU, 30–60 ms on a desktop core and
 * four times that on a phone, one long task on the load of every page that
 * prints a date (legal pages, promotions); the getters cost nothing.
 */
export function formatLocalLongDay(value: string | number | Date | null | undefined, locale: Locale): string {
  const date = toDate(value);
  if (!date) return '';
  const month = MONTHS[locale][date.getMonth()];
  return locale === 'pt' ? `${date.getDate()} de ${month} de ${date.getFullYear()}` : `${month} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The calendar day of an instant as `YYYY-MM-DD` (sortable, comparable) in the zone. */
export function dayKey(date: Date, timeZone?: string): string {
  return formatter('dayKey', 'pt', timeZone).format(date);
}
