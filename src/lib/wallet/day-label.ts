import type { Locale } from '../../contract/tenant-bundle.ts';
import { DISPLAY_TIME_ZONE, formatDay } from '../auth/dates.ts';
import { keyMessage, type Message, textMessage } from '../auth/message.ts';

/**
 * Day labels of the money history (spec section 9: "Hoje", "Ontem",
 * otherwise DD/MM/YYYY; MM/DD/YYYY on the English site). Days are calendar
 * days in Brazil (America/Sao_Paulo), whatever the device's zone, and "now"
 * is always passed in so the labels are testable.
 */

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** The Brazilian calendar day of an instant as `YYYY-MM-DD` (sortable, comparable). */
export function dayKey(date: Date): string {
  return dayKeyFormat.format(date);
}

/** The `YYYY-MM-DD` before `key` (calendar arithmetic in UTC: no zone or DST involved). */
function previousDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - 1)).toISOString().slice(0, 10);
}

/**
 * `wallet.day.today`, `wallet.day.yesterday`, or the date as text, for an ISO
 * timestamp seen at `now`. An unparseable timestamp gives an empty text.
 */
export function dayLabel(iso: string, locale: Locale, now: Date): Message {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return textMessage('');
  const key = dayKey(date);
  const today = dayKey(now);
  if (key === today) return keyMessage('wallet.day.today');
  if (key === previousDay(today)) return keyMessage('wallet.day.yesterday');
  return textMessage(formatDay(date, locale));
}

/** Hours and minutes in Brazil (`14:05`; `02:05 PM` in English), '' when unparseable. */
export function timeOfDay(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : 'en-US', { timeZone: DISPLAY_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
    timeFormats.set(locale, format);
  }
  return format.format(date);
}

export interface DayGroup<T> {
  /** `YYYY-MM-DD` in Brazil; unique within the result. */
  key: string;
  label: Message;
  items: T[];
}

/**
 * Consecutive items of the same Brazilian day under one label, keeping the
 * list's order (the platform sends newest first). Items of a day that shows
 * up again later (it should not) join its first group, so a key is never
 * rendered twice.
 */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => string, locale: Locale, now: Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  const byKey = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const iso = dateOf(item);
    const date = new Date(iso);
    const key = Number.isNaN(date.getTime()) ? '' : dayKey(date);
    let group = byKey.get(key);
    if (!group) {
      group = { key, label: dayLabel(iso, locale, now), items: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
