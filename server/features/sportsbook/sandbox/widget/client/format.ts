import type { WidgetLang } from './labels.ts';

/** Pure formatting and parsing for the widget (no DOM): money in centavos, odds, dates, stakes. */

const intlTag = (lang: WidgetLang) => (lang === 'en' ? 'en-US' : 'pt-BR');

/** Centavos as reais: `R$ 10,00` in Portuguese, `R$10.00` in English. */
export function formatMoney(centavos: number, lang: WidgetLang): string {
  return new Intl.NumberFormat(intlTag(lang), { style: 'currency', currency: 'BRL' }).format(centavos / 100);
}

/** Decimal odds with two places in the language's separator (`1,85` / `1.85`). */
export function formatOdds(odds: number, lang: WidgetLang): string {
  return new Intl.NumberFormat(intlTag(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(odds);
}

/** The kick-off in the viewer's own time zone: `sáb., 29/11, 16:00`. */
export function formatKickOff(iso: string, lang: WidgetLang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlTag(lang), { weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** Odds as the sportsbook sends them (`"1.85"`) to a number; NaN when not positive decimal odds. */
export function parseOdds(odds: string): number {
  const value = Number(odds);
  return Number.isFinite(value) && value >= 1 ? value : Number.NaN;
}

/**
 * A stake typed by the player to centavos: `10`, `10,5`, `10,50`, `10.50`,
 * `R$ 1.234,56` (Portuguese thousands) and `1,234.56` (English) all work.
 * Null when it is not a positive amount with at most two decimals.
 */
export function parseStake(text: string, lang: WidgetLang): number | null {
  let clean = text.replace(/R\$|\s/g, '');
  if (clean === '') return null;
  const thousands = lang === 'en' ? ',' : '.';
  const decimal = lang === 'en' ? '.' : ',';
  // A lone separator of the other kind followed by 1–2 digits is read as the decimal mark ("10.50" in Portuguese).
  const lastOther = clean.lastIndexOf(thousands);
  if (!clean.includes(decimal) && lastOther !== -1 && clean.length - lastOther - 1 <= 2) {
    clean = clean.slice(0, lastOther).split(thousands).join('') + '.' + clean.slice(lastOther + 1);
  } else {
    clean = clean.split(thousands).join('').replace(decimal, '.');
  }
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(centavos) && centavos > 0 ? centavos : null;
}

/** Centavos as the stake field shows them (`10,00` / `10.00`), without the currency sign. */
export function stakeText(centavos: number, lang: WidgetLang): string {
  return new Intl.NumberFormat(intlTag(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(centavos / 100);
}

/** The return of `stake` at `odds`, rounded down to the centavo (what a sportsbook pays). */
export function potentialReturn(stake: number, odds: number): number {
  return Math.floor(stake * odds + 1e-9);
}

/**
 * A multiple's total odds as the sportsbook prices it: multiplied in
 * hundredths, each step rounded down (2.45 × 2.55 → 6.24, not 6.2475 → 6.25),
 * so the slip shows what the betslip will pay.
 */
export function combinedOdds(odds: readonly number[]): number {
  let k = 100;
  for (const value of odds) k = Math.floor((k * Math.round(value * 100)) / 100);
  return k / 100;
}

/** `Brasileirão Série A` → `brasileirao-serie-a`. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
