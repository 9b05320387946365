import * as v from 'valibot';
import { VALIDATION_KEYS } from './validation/keys.ts';

/**
 * Money crosses the API as integer centavos (R$ 50,00 is `5000`), never as a
 * decimal string or float: the platform stores `bigint` centavos and the site
 * formats BRL for display only.
 */

/** Largest single amount accepted anywhere: 10^12 centavos (R$ 10 bilhões), well inside Number.MAX_SAFE_INTEGER. */
export const MAX_AMOUNT_CENTAVOS = 1_000_000_000_000;

/**
 * A positive amount in integer centavos, 1 … MAX_AMOUNT_CENTAVOS. Refuses
 * negative, zero, fractional-centavo (`50.5`), non-finite, huge and
 * non-numeric values (strings included: the API takes JSON numbers) with the
 * shared `validation.generic` message key.
 */
export const CentavosSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check((x) => x !== undefined && x !== null && x !== '', VALIDATION_KEYS.required),
    v.number(VALIDATION_KEYS.generic),
    v.finite(VALIDATION_KEYS.generic),
    v.integer(VALIDATION_KEYS.generic),
    v.minValue(1, VALIDATION_KEYS.generic),
    v.maxValue(MAX_AMOUNT_CENTAVOS, VALIDATION_KEYS.generic),
  ),
  { abortPipeEarly: true },
);

/** Whole centavos → reais with two decimals, for BR Codes and display (`5000` → `"50.00"`). Exact for any safe integer. */
export function centavosToDecimal(centavos: number | bigint): string {
  const n = BigInt(centavos);
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
