import { formatReaisInput, parseReais } from '../../lib/wallet/amount.ts';
import { $locale } from '../i18n.ts';

/**
 * Numbers the operator types, read without floats. Money is the site's own
 * reais parser (string arithmetic: `0,29` is 29 centavos, never 28,999…),
 * so a form's figure is exactly what reaches the platform.
 */

/** Reais typed (`1.234,56`, `1234.56`, `R$ 10`) → centavos; an empty field is `empty` (null: required), an unreadable one null. */
export const centavosOf = (text: string, empty: number | null): number | null => (text.trim() === '' ? empty : parseReais(text));

/** Centavos → the reais an input shows, with the staff member's decimal mark (`1.234,56`, or `1,234.56` in English). */
export const reaisText = (centavos: number): string => formatReaisInput(centavos, $locale.get() === 'en-US' ? 'en' : 'pt');

/** A whole number, thousands grouped or not (`1.000`, `1000`); an empty field is `empty`, anything else null. */
export function wholeOf(text: string, empty: number | null): number | null {
  const plain = text.trim();
  if (plain === '') return empty;
  return /^\d{1,3}([.,]?\d{3})*$/.test(plain) ? Number(plain.replace(/[.,]/g, '')) : null;
}

/** The decimal mark the staff member writes. */
export const decimalMark = (): ',' | '.' => ($locale.get() === 'en-US' ? '.' : ',');
