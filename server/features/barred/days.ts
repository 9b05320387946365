/**
 * Days of the barred-bettor check in Brazilian time (America/Sao_Paulo),
 * whatever the server's zone: the once-a-day login check and the 15-day
 * sweep periods.
 */

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Length of one sweep period (IN SPA/MF 22/2025: the whole base every 15 days). */
export const SWEEP_PERIOD_DAYS = 15;
/** Periods are counted from this day (a Wednesday; any fixed day would do, it only has to never change). */
const PERIOD_EPOCH = Date.UTC(2025, 0, 1);
const DAY_MS = 86_400_000;

/** The São Paulo calendar day of `at`, `YYYY-MM-DD`. */
export function saoPauloDay(at: Date): string {
  return dayFormat.format(at);
}

/** First day (`YYYY-MM-DD`) of the 15-day period holding `at`'s São Paulo day: periods start every 15 days from 2025-01-01. */
export function sweepPeriod(at: Date): string {
  const day = Date.parse(`${saoPauloDay(at)}T00:00:00Z`);
  const index = Math.floor((day - PERIOD_EPOCH) / (SWEEP_PERIOD_DAYS * DAY_MS));
  return new Date(PERIOD_EPOCH + index * SWEEP_PERIOD_DAYS * DAY_MS).toISOString().slice(0, 10);
}
