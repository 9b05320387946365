import { MAX_AMOUNT_CENTAVOS } from '../../contract/money.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';

/**
 * Amount inputs in reais ↔ integer centavos, by string arithmetic only (no
 * floats anywhere, so "0,29" is 29 centavos and never 28.999…).
 *
 * Accepted (optionally with "R$" and spaces around): `50`, `50,5`, `50,00`,
 * `1.234,56`, `1234,56`, and the English-style `50.00` / `1,234.56` that
 * players on the English site (or a pasted value) may type.
 *
 * With both marks, the last one is the decimal mark and the other must group
 * thousands. With one kind only: a comma is decimal; a single dot is decimal
 * before one or two digits (`50.5`, `50.00`) and groups thousands before
 * three (`1.234` is R$ 1.234,00, as Brazilians write it); repeated marks must
 * group thousands (`1.234.567`).
 */

const PLAIN = /^\d+$/;
/** Thousands grouped with `group`, e.g. 1.234.567 */
const grouped = (group: '.' | ','): RegExp => new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);

function splitAmount(text: string): { whole: string; fraction: string } | null {
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  if (commas > 0 && dots > 0) {
    // Both present: the one that comes last is the decimal mark.
    const decimal = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const at = text.lastIndexOf(decimal);
    const whole = text.slice(0, at);
    if (!grouped(group).test(whole) || text.slice(at + 1).includes(group)) return null;
    return { whole: whole.split(group).join(''), fraction: text.slice(at + 1) };
  }
  if (commas === 0 && dots === 0) return { whole: text, fraction: '' };
  const mark = commas > 0 ? ',' : '.';
  const count = commas > 0 ? commas : dots;
  if (count === 1) {
    const [whole = '', fraction = ''] = text.split(mark);
    // "1.234" is thousands (the Brazilian habit); "1,234" stays decimal and fails the two-decimals rule below.
    if (mark === '.' && fraction.length === 3) return { whole: whole + fraction, fraction: '' };
    return { whole, fraction };
  }
  // Several of the same mark: only thousands grouping makes sense.
  if (!grouped(mark).test(text)) return null;
  return { whole: text.split(mark).join(''), fraction: '' };
}

/**
 * Reais typed by a person → integer centavos, or null when the text is not an
 * amount (empty, letters, negative, more than two decimals, misplaced
 * separators, above MAX_AMOUNT_CENTAVOS). Zero parses to 0: range checks are
 * the caller's.
 */
export function parseReais(text: string): number | null {
  const trimmed = text.replace(/^\s*R\$\s*/i, '').trim();
  if (trimmed === '') return null;
  const parts = splitAmount(trimmed);
  if (!parts) return null;
  const { whole, fraction } = parts;
  if (whole === '' && fraction === '') return null;
  if ((whole !== '' && !PLAIN.test(whole)) || (fraction !== '' && !PLAIN.test(fraction)) || fraction.length > 2) return null;
  const digits = `${whole === '' ? '0' : whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  // Longer than MAX_AMOUNT_CENTAVOS has digits: refuse before Number() could round.
  if (digits.length > String(MAX_AMOUNT_CENTAVOS).length) return null;
  const centavos = Number(digits);
  return centavos <= MAX_AMOUNT_CENTAVOS ? centavos : null;
}

/**
 * Integer centavos → the text an amount input shows, without the currency, in
 * the page's style: Brazilian by default (`123456` → `"1.234,56"`, `5000` →
 * `"50,00"`), English for `en` (`"1,234.56"`, `"50.00"`); parseReais reads
 * either back to the same number. Non-integers and negatives are programming
 * errors and throw.
 */
export function formatReaisInput(centavos: number, locale: Locale = 'pt'): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`formatReaisInput: ${centavos} is not whole centavos`);
  const [group, decimal] = locale === 'en' ? [',', '.'] : ['.', ','];
  const text = String(centavos).padStart(3, '0');
  const whole = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${whole}${decimal}${text.slice(-2)}`;
}
