import { MAX_AMOUNT_CENTAVOS } from '../../../../src/contract/money.ts';

/*
 * The Pix API carries money as a decimal string of reais ("50.00", pattern
 * `\d{1,10}\.\d{2}`); the platform counts integer centavos. Sending uses
 * `centavosToDecimal` (src/contract/money.ts); reading is here.
 */

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Reais as the PSP writes them → integer centavos, by string arithmetic, never
 * through a float ("0.29" is 29, where `0.29 * 100` is 28.999…). Accepts the
 * standard's two decimals and, leniently, none or one ("50", "50.5").
 * @throws RangeError for anything else (sign, exponent, spaces, too large).
 */
export function decimalToCentavos(text: string): number {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a Pix amount: ${JSON.stringify(text)}`);
  const reais = match[1] ?? '0';
  const cents = (match[2] ?? '').padEnd(2, '0');
  const centavos = Number(reais) * 100 + Number(cents);
  if (!Number.isSafeInteger(centavos) || centavos > MAX_AMOUNT_CENTAVOS) throw new RangeError(`Pix amount too large: ${text}`);
  return centavos;
}
