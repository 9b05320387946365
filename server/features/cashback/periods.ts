import { CASHBACK_TIME_ZONE, saoPauloClock } from '../../../src/lib/cashback/windows.ts';

/**
 * Cashback periods: weeks of seven São Paulo days starting on the tenant's
 * `cashback_release_day`. A period's items are released on the first day of
 * the next period at `cashback_release_hour`, so the job (run hourly) makes
 * them in the early hours of the release day.
 */
export interface CashbackPeriod {
  /** First and last day, `YYYY-MM-DD`. */
  start: string;
  end: string;
  /** `[from, to)`: São Paulo midnight of `start` and of the day after `end`. */
  from: Date;
  to: Date;
  /** When its calendar items become claimable. */
  releaseAt: Date;
}

const DAY_MS = 86_400_000;
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: CASHBACK_TIME_ZONE, timeZoneName: 'longOffset' });

/** The zone's offset from UTC at `at`, in ms (São Paulo: −3 h). */
function offsetAt(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
}

/** The instant of `hour`:00 São Paulo time on `day` (`YYYY-MM-DD`). */
export function saoPauloInstant(day: string, hour = 0): Date {
  const naive = Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
  // Two passes settle the offset even across a change of the zone's rules.
  let guess = naive - offsetAt(new Date(naive));
  guess = naive - offsetAt(new Date(guess));
  return new Date(guess);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The period starting on `start` (which must fall on `releaseDay`: see isPeriodStart). */
export function periodFrom(start: string, releaseHour: number): CashbackPeriod {
  const next = addDays(start, 7);
  return { start, end: addDays(start, 6), from: saoPauloInstant(start), to: saoPauloInstant(next), releaseAt: saoPauloInstant(next, releaseHour) };
}

export function isPeriodStart(day: string, releaseDay: number): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day && weekday(day) === releaseDay;
}

/** The period running at `now` (not over yet). */
export function currentPeriod(now: Date, releaseDay: number, releaseHour: number): CashbackPeriod {
  const today = saoPauloClock(now).day;
  return periodFrom(addDays(today, -((weekday(today) - releaseDay + 7) % 7)), releaseHour);
}

/** The last period over at `now`: the one the scheduled job pays. */
export function lastClosedPeriod(now: Date, releaseDay: number, releaseHour: number): CashbackPeriod {
  return periodFrom(addDays(currentPeriod(now, releaseDay, releaseHour).start, -7), releaseHour);
}
