import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { isPresent } from './text.ts';

/** Section 9: minimum age 18. */
export const MINIMUM_AGE = 18;

/** Whether `yyyy-mm-dd` names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value && Number(m[1]) >= 1900;
}

/** Age in whole years on `today` (UTC calendar) of someone born on `birthDate` (yyyy-mm-dd). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

/**
 * An optional birth date `yyyy-mm-dd`: not a real day → `validation.generic`;
 * younger than 18 today → `validation.adult`.
 */
export const BirthDateSchema = v.pipe(
  v.unknown(),
  v.transform((input): unknown => (isPresent(input) ? input : undefined)),
  v.optional(
    v.config(
      v.pipe(
        v.string(VALIDATION_KEYS.generic),
        v.check(isCalendarDate, VALIDATION_KEYS.generic),
        v.check((s: string) => ageOn(s, new Date()) >= MINIMUM_AGE, VALIDATION_KEYS.adult),
      ),
      { abortPipeEarly: true },
    ),
  ),
);
