import type { HouseOutcome } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';

/**
 * Display of the integer units of the house games: multipliers in 1/10000,
 * rolls and chances in hundredths or basis points. Display only: these never
 * go back to the server.
 */

const TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

function fixed(value: number, locale: Locale, min: number, max: number): string {
  return new Intl.NumberFormat(TAGS[locale], { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: true }).format(value);
}

/** 19803 → "1,9803×", 20000 → "2,00×" (pt) / "2.00×" (en). */
export function formatMultiplier(multiplier: number, locale: Locale): string {
  return `${fixed(multiplier / 10_000, locale, 2, 4)}×`;
}

/** A payout-table entry, as short as it reads: 56000 → "5,6×" (pt) / "5.6×" (en), 10000000 → "1.000×", 2000 → "0,2×". */
export function formatPayout(multiplier: number, locale: Locale): string {
  return `${fixed(multiplier / 10_000, locale, 0, 2)}×`;
}

/** Hundredths → "50,37" (a dice roll or target). */
export function formatHundredths(value: number, locale: Locale): string {
  return fixed(value / 100, locale, 2, 2);
}

/** Basis points (1/10000) → "49,50 %" / "49.50%". */
export function formatPercentBps(bps: number, locale: Locale): string {
  const number = fixed(bps / 100, locale, 2, 2);
  return locale === 'pt' ? `${number} %` : `${number}%`;
}

/**
 * Text typed for a decimal with at most two decimals ("2", "2,5", "2.50",
 * "50,00") → integer hundredths, or null. Used for the dice target and the
 * limbo target multiplier.
 */
export function parseHundredths(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*×?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The outcome the server reported, as a short text: a roll, a crash multiplier or a Plinko slot. */
export function outcomeText(outcome: HouseOutcome, locale: Locale): string {
  switch (outcome.game) {
    case 'dice':
      return formatHundredths(outcome.roll, locale);
    case 'limbo':
      return formatMultiplier(outcome.result, locale);
    case 'plinko':
      return `${outcome.path.join('')} → ${outcome.slot}`;
  }
}

/** Two outcomes are the same round result (field by field, so key order does not matter). */
export function sameOutcome(a: HouseOutcome, b: HouseOutcome): boolean {
  if (a.game === 'dice' && b.game === 'dice') return a.roll === b.roll;
  if (a.game === 'limbo' && b.game === 'limbo') return a.result === b.result;
  if (a.game === 'plinko' && b.game === 'plinko') return a.slot === b.slot && a.path.join('') === b.path.join('');
  return false;
}
