import { LIMIT_TIME_ZONE, type LimitPeriod } from '../../../src/contract/responsible-gaming.ts';

export { LIMIT_TIME_ZONE };

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: LIMIT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
});

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function zonedParts(at: Date): ZonedParts {
  const parts = Object.fromEntries(partsFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The zone's offset from UTC at `at`, in ms (São Paulo: −3 h). */
function offsetAt(at: Date): number {
  const p = zonedParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of local midnight starting the calendar day y-m-d (month 1–12; overflowing days roll over). */
function localMidnight(year: number, month: number, day: number): Date {
  const naive = Date.UTC(year, month - 1, day);
  // Two passes settle the offset even across a change of the zone's rules.
  let guess = naive - offsetAt(new Date(naive));
  guess = naive - offsetAt(new Date(guess));
  return new Date(guess);
}

/**
 * The current period containing `at`: `[start, end)` in São Paulo time. The
 * day starts at 00:00, the week on Monday 00:00, the month on the 1st 00:00.
 */
export function periodBounds(period: LimitPeriod, at: Date): { start: Date; end: Date } {
  const p = zonedParts(at);
  switch (period) {
    case 'day':
      return { start: localMidnight(p.year, p.month, p.day), end: localMidnight(p.year, p.month, p.day + 1) };
    case 'week':
      return { start: localMidnight(p.year, p.month, p.day - p.weekday), end: localMidnight(p.year, p.month, p.day - p.weekday + 7) };
    case 'month':
      return { start: localMidnight(p.year, p.month, 1), end: localMidnight(p.year, p.month + 1, 1) };
  }
}
