import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { requiredText } from './text.ts';

/** Longest full name accepted. */
export const FULL_NAME_MAX = 100;

/** Letters (any script, with combining marks), spaces, apostrophes, hyphens and periods. */
const NAME_CHARACTERS = /^[\p{L}\p{M}' .’-]+$/u;

/**
 * The section 5 fullName rule on a trimmed, NFC-normalised name: fewer than
 * two words → `validation.fullName`; second word shorter than 2 characters →
 * `validation.surnameShort` (the specification's wording says "more than
 * three", its rule says 2; the rule is applied as written).
 * Characters other than letters and name punctuation → `validation.generic`.
 */
export const FullNameSchema = v.config(
  v.pipe(
    requiredText({ max: FULL_NAME_MAX }),
    v.regex(NAME_CHARACTERS, VALIDATION_KEYS.generic),
    v.check((s: string) => s.split(' ').filter((w) => /\p{L}/u.test(w)).length >= 2, VALIDATION_KEYS.fullName),
    v.check((s: string) => [...(s.split(' ')[1] ?? '')].length >= 2, VALIDATION_KEYS.surnameShort),
  ),
  { abortPipeEarly: true },
);

/** First word and the rest, as the user object's `first_name` / `last_name`. */
export function splitFullName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.split(' ');
  return { first_name: first, last_name: rest.join(' ') };
}
