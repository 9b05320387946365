import type { Locale } from '../contract/tenant-bundle.ts';

const formatters = new Map<Locale, Intl.NumberFormat>();

/**
 * Integer centavos as Brazilian reais for people: `R$ 50,00` in Portuguese,
 * `R$50.00` in English (the currency is always BRL; only the separators
 * follow the language). Display only: amounts travel as centavos.
 */
export function formatBRL(centavos: number, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: 'BRL' });
    formatters.set(locale, formatter);
  }
  // Whole centavos / 100 is exact enough for display up to MAX_AMOUNT_CENTAVOS.
  return formatter.format(centavos / 100);
}
