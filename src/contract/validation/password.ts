import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { hasForbiddenCharacters, isPresent } from './text.ts';

/** Section 9: password min 8. */
export const PASSWORD_MIN = 8;
/** Upper bound, so hashing work per request stays bounded. */
export const PASSWORD_MAX = 128;

/**
 * A new password: missing → required; shorter than 8 → `validation.passwordMin`;
 * without a letter or without a non-letter → `validation.passwordChars`;
 * control/zero-width characters or over 128 → `validation.generic`.
 * Output is NFC-normalised (the same password typed on any keyboard hashes alike).
 */
export const PasswordSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check(isPresent, VALIDATION_KEYS.required),
    v.string(VALIDATION_KEYS.generic),
    v.transform((s: string) => s.normalize('NFC')),
    v.maxLength(PASSWORD_MAX, VALIDATION_KEYS.generic),
    v.check((s: string) => !hasForbiddenCharacters(s), VALIDATION_KEYS.generic),
    v.check((s: string) => [...s].length >= PASSWORD_MIN, VALIDATION_KEYS.passwordMin),
    v.check((s: string) => /\p{L}/u.test(s) && /[^\p{L}]/u.test(s), VALIDATION_KEYS.passwordChars),
  ),
  { abortPipeEarly: true },
);

/**
 * A password being checked against a stored one (login, current password):
 * only required and bounded; the rules of new passwords are not re-applied,
 * so an account keeps working if the rules change.
 */
export const PasswordInputSchema = v.config(
  v.pipe(
    v.unknown(),
    v.check(isPresent, VALIDATION_KEYS.required),
    v.string(VALIDATION_KEYS.generic),
    v.maxLength(PASSWORD_MAX, VALIDATION_KEYS.generic),
    v.transform((s: string) => s.normalize('NFC')),
  ),
  { abortPipeEarly: true },
);
