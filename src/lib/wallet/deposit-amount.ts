import { MAX_AMOUNT_CENTAVOS } from '../../contract/money.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { parseReais } from './amount.ts';

/**
 * The deposit amount rules of the deposit modal (spec sections 3 and 9:
 * `min_deposit` / `max_deposit` of the site configuration, integer centavos).
 * The platform checks the same range; these give the player the message
 * before a call is made.
 */

/** The tenant's deposit range in centavos. */
export interface DepositLimits {
  min: number;
  max: number;
}

/** Used when the page carries no deposit configuration: only the platform's own limits apply. */
export const OPEN_LIMITS: DepositLimits = { min: 1, max: MAX_AMOUNT_CENTAVOS };

/**
 * What is wrong with a typed amount, with the limit to name in the message.
 * `empty` and `invalid` (not an amount: letters, three decimals, negative…)
 * have nothing to name.
 */
export type AmountProblem =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'belowMin'; min: number }
  | { kind: 'aboveMax'; max: number };

export type AmountCheck = { ok: true; centavos: number } | { ok: false; problem: AmountProblem };

/** A zero minimum still means "at least one centavo": the API refuses 0. */
export function effectiveMin(limits: DepositLimits): number {
  return Math.max(1, limits.min);
}

/**
 * Checks what the player typed (reais, "50", "50,00", "1.234,56" or
 * "50.00"; see `parseReais`) against the tenant's range. Exact: no float
 * ever touches the amount.
 */
export function checkDepositAmount(text: string, limits: DepositLimits): AmountCheck {
  if (text.trim() === '') return { ok: false, problem: { kind: 'empty' } };
  const centavos = parseReais(text);
  if (centavos === null) return { ok: false, problem: { kind: 'invalid' } };
  const min = effectiveMin(limits);
  if (centavos < min) return { ok: false, problem: { kind: 'belowMin', min } };
  if (centavos > limits.max) return { ok: false, problem: { kind: 'aboveMax', max: limits.max } };
  return { ok: true, centavos };
}

/**
 * Preset buttons offered under the amount field, in reais. Chosen as the
 * round amounts Brazilian casinos usually suggest; only those inside the
 * tenant's range are shown.
 */
export const PRESET_REAIS = [20, 50, 100, 200, 500] as const;

/**
 * The presets (centavos) within `limits`. When none fits (a tenant with an
 * unusual range), the minimum and the maximum themselves are offered, so
 * there is always at least one one-tap amount.
 */
export function depositPresets(limits: DepositLimits): number[] {
  const min = effectiveMin(limits);
  const inRange = PRESET_REAIS.map((reais) => reais * 100).filter((c) => c >= min && c <= limits.max);
  if (inRange.length > 0) return inRange;
  if (limits.max < min) return [];
  return min === limits.max ? [min] : [min, limits.max];
}

/**
 * Centavos → the text put into the amount field by a preset: whole reais
 * without decimals (`"50"`, readable in both languages), otherwise the
 * page language's decimal mark (`"10,50"` / `"10.50"`). `parseReais` reads
 * every result back to the same number.
 */
export function amountInputText(centavos: number, locale: Locale): string {
  const whole = Math.floor(centavos / 100);
  const cents = centavos % 100;
  if (cents === 0) return String(whole);
  return `${whole}${locale === 'pt' ? ',' : '.'}${String(cents).padStart(2, '0')}`;
}
