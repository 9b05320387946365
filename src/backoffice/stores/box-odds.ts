import { PPM_TOTAL } from '../../contract/boxes.ts';

/**
 * A box's odds as the operator reads them. The platform keeps each prize's
 * probability in whole parts per million; the operator types a percentage
 * with up to four decimals, which is exactly a whole number of ppm
 * (1 % = 10 000 ppm). Conversions are string arithmetic: no float ever
 * turns 33,3333 % into 333 332 ppm.
 */
export const PPM_PER_PERCENT = PPM_TOTAL / 100;

/** `12`, `12,5`, `0.0001`, `100,0000`: up to three whole digits and four decimals, either mark. */
const PERCENT = /^(\d{1,3})(?:[.,](\d{1,4}))?$/;

/** A percentage as typed (`12,5`, `12.5 %`) → whole ppm (125 000); null when it is not 0–100 with at most four decimals. */
export function percentToPpm(text: string): number | null {
  const m = PERCENT.exec(text.replace(/[\s%]/g, ''));
  if (!m) return null;
  const ppm = Number(m[1]) * PPM_PER_PERCENT + Number((m[2] ?? '').padEnd(4, '0'));
  return ppm <= PPM_TOTAL ? ppm : null;
}

/** Whole ppm → the percentage without trailing zeros: 125 000 → `12,5` (`12.5` with the English mark), 1 → `0,0001`. */
export function ppmToPercent(ppm: number, mark: ',' | '.' = ','): string {
  const whole = Math.floor(ppm / PPM_PER_PERCENT);
  const fraction = String(ppm % PPM_PER_PERCENT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}${mark}${fraction}` : String(whole);
}

/** The sum of the probabilities that parse (an unreadable one counts 0: the form names it). */
export function totalPpm(ppms: readonly (number | null)[]): number {
  return ppms.reduce<number>((sum, ppm) => sum + (ppm ?? 0), 0);
}

/**
 * Σ value × ppm / 1 000 000 in centavos, rounded down: what a box pays back
 * on average, computed as the platform does (BigInt, so exact for any
 * amount the API takes). Prizes whose value or probability does not parse
 * count 0.
 */
export function expectedValue(prizes: readonly { value: number | null; ppm: number | null }[]): number {
  const sum = prizes.reduce((acc, p) => acc + BigInt(p.value ?? 0) * BigInt(p.ppm ?? 0), 0n);
  return Number(sum / BigInt(PPM_TOTAL));
}
