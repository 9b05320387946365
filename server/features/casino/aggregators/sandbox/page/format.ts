import type { SandboxLocale } from './view.ts';

/*
 * Numbers as the platform's pages write them, so the frame and the header
 * agree: money like the site's formatBRL (`R$ 51,56` / `R$51.56`), RTP like
 * the catalogue descriptions (`96,50 %` / `96.50%`), multipliers with two
 * decimals (`2,00×` / `2.00×`). Pure Intl: shared by the server and the
 * browser script.
 */

const tags: Record<SandboxLocale, string> = { pt: 'pt-BR', en: 'en-US' };
const money = new Map<SandboxLocale, Intl.NumberFormat>();
const decimal = new Map<SandboxLocale, Intl.NumberFormat>();

function cached(map: Map<SandboxLocale, Intl.NumberFormat>, locale: SandboxLocale, options: Intl.NumberFormatOptions) {
  let formatter = map.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tags[locale], options);
    map.set(locale, formatter);
  }
  return formatter;
}

/** Integer centavos as reais (`R$ 51,56` / `R$51.56`). */
export function formatMoney(centavos: number, locale: SandboxLocale): string {
  return cached(money, locale, { style: 'currency', currency: 'BRL' }).format(centavos / 100);
}

/** Hundredths with two decimals and no currency (`51,56` / `51.56`): what a stake input shows. */
export function formatDecimal(hundredths: number, locale: SandboxLocale): string {
  return cached(decimal, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(hundredths / 100);
}

/** Basis points as a percentage: 9650 → `96,50 %` / `96.50%`. */
export function formatRtp(bps: number, locale: SandboxLocale): string {
  const number = formatDecimal(bps, locale);
  return locale === 'pt' ? `${number} %` : `${number}%`;
}

/** A multiplier in hundredths: 200 → `2,00×` / `2.00×`. */
export function formatMultiplier(hundredths: number, locale: SandboxLocale): string {
  return `${formatDecimal(hundredths, locale)}×`;
}

/**
 * Reads what a player typed as hundredths (`2,5` / `2.5` / `R$ 10,00` → 250 / 1000),
 * or null when it is not a plain amount. Either separator is accepted as the
 * decimal mark; digits after the second decimal are refused, not rounded.
 */
export function parseHundredths(text: string): number | null {
  const cleaned = text.replace(/R\$|×|x|\s/gi, '');
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
