import { describe, expect, it } from 'vitest';
import { dayKey, formatDay, formatDayTime, formatLocalLongDay, formatLongDay, formatTime, playerTimeZone, toDate } from '../../../src/lib/datetime.ts';

const AT = '2026-07-10T02:30:00Z';

describe('datetime', () => {
  it('shows one instant in the zone it is given, hours and minutes alike for every caller', () => {
    expect(formatTime(AT, 'pt', 'America/Sao_Paulo')).toBe('23:30');
    expect(formatTime(AT, 'pt', 'Europe/Lisbon')).toBe('03:30');
    expect(formatTime(AT, 'en', 'Europe/Lisbon')).toBe('03:30 AM');
    expect(formatTime(AT, 'pt', 'Asia/Tokyo')).toBe('11:30');
  });

  it('gives the calendar day of that zone (DD/MM/YYYY in pt, MM/DD/YYYY in en)', () => {
    expect(formatDay(AT, 'pt', 'America/Sao_Paulo')).toBe('09/07/2026');
    expect(formatDay(AT, 'pt', 'Europe/Lisbon')).toBe('10/07/2026');
    expect(formatDay(AT, 'en', 'Europe/Lisbon')).toBe('07/10/2026');
    expect(dayKey(new Date(AT), 'America/Sao_Paulo')).toBe('2026-07-09');
    expect(dayKey(new Date(AT), 'Europe/Lisbon')).toBe('2026-07-10');
  });

  it('formats day and time together, and long dates', () => {
    expect(formatDayTime(AT, 'pt', 'Europe/Lisbon')).toBe('10/07/2026, 03:30');
    expect(formatDayTime(AT, 'en', 'America/Sao_Paulo')).toBe('07/09/2026, 11:30 PM');
    expect(formatLongDay(AT, 'pt', 'Europe/Lisbon')).toBe('10 de julho de 2026');
    expect(formatLongDay(AT, 'en', 'America/Sao_Paulo')).toBe('July 9, 2026');
  });

  it('writes the long date without Intl exactly as Intl does in the runtime zone, every month and both languages', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const instant = new Date(Date.UTC(2026, month, day, 2, 30)).toISOString();
        for (const locale of ['pt', 'en'] as const) expect(formatLocalLongDay(instant, locale)).toBe(formatLongDay(instant, locale));
      }
    }
    expect(formatLocalLongDay('nope', 'pt')).toBe('');
    expect(formatLocalLongDay(null, 'en')).toBe('');
  });

  it("defaults to the runtime's own zone", () => {
    const zone = playerTimeZone();
    expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(formatTime(AT, 'pt')).toBe(formatTime(AT, 'pt', zone));
  });

  it('gives an empty text for missing or bad values', () => {
    expect(formatTime('nope', 'pt')).toBe('');
    expect(formatDay(null, 'pt')).toBe('');
    expect(formatDayTime(undefined, 'en')).toBe('');
    expect(toDate('')).toBeNull();
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });
});
