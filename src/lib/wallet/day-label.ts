import type { Locale } from '../../contract/tenant-bundle.ts';
import { dayKey, formatDay, formatTime } from '../datetime.ts';
import { keyMessage, type Message, textMessage } from '../auth/message.ts';

/**
 * Day labels of the money history (spec section 9: "Hoje", "Ontem",
 * otherwise DD/MM/YYYY; MM/DD/YYYY on the English site). Days are calendar
 * days in the player's time zone (src/lib/datetime.ts), like every other time
 * on the site; `timeZone` is for tests. "now" is always passed in so the
 * labels are testable.
 */

export { dayKey };

/** The `YYYY-MM-DD` before `key` (calendar arithmetic in UTC: no zone or DST involved). */
function previousDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - 1)).toISOString().slice(0, 10);
}

/**
 * `wallet.day.today`, `wallet.day.yesterday`, or the date as text, for an ISO
 * timestamp seen at `now`. An unparseable timestamp gives an empty text.
 */
export function dayLabel(iso: string, locale: Locale, now: Date, timeZone?: string): Message {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return textMessage('');
  const key = dayKey(date, timeZone);
  const today = dayKey(now, timeZone);
  if (key === today) return keyMessage('wallet.day.today');
  if (key === previousDay(today)) return keyMessage('wallet.day.yesterday');
  return textMessage(formatDay(date, locale, timeZone));
}

/** Hours and minutes in the player's zone (`14:05`; `02:05 PM` in English), '' when unparseable. */
export function timeOfDay(iso: string, locale: Locale, timeZone?: string): string {
  return formatTime(iso, locale, timeZone);
}

export interface DayGroup<T> {
  /** `YYYY-MM-DD` in the player's zone; unique within the result. */
  key: string;
  label: Message;
  items: T[];
}

/**
 * Consecutive items of the same day (player's zone) under one label, keeping the
 * list's order (the platform sends newest first). Items of a day that shows
 * up again later (it should not) join its first group, so a key is never
 * rendered twice.
 */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => string, locale: Locale, now: Date, timeZone?: string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  const byKey = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const iso = dateOf(item);
    const date = new Date(iso);
    const key = Number.isNaN(date.getTime()) ? '' : dayKey(date, timeZone);
    let group = byKey.get(key);
    if (!group) {
      group = { key, label: dayLabel(iso, locale, now, timeZone), items: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
