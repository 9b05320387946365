import { type CountryCode, isValidPhoneNumber, parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';
import * as v from 'valibot';
import { VALIDATION_KEYS } from './keys.ts';
import { hasForbiddenCharacters, isPresent } from './text.ts';

/** Country assumed for numbers written without `+`: Brazil (section 5). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'BR';

const LENGTH_ERROR_KEYS: Record<string, string> = {
  INVALID_COUNTRY: VALIDATION_KEYS.phoneInvalidCountry,
  NOT_A_NUMBER: VALIDATION_KEYS.phoneNotANumber,
  TOO_SHORT: VALIDATION_KEYS.phoneTooShort,
  TOO_LONG: VALIDATION_KEYS.phoneTooLong,
  INVALID_LENGTH: VALIDATION_KEYS.phoneNotPossible,
};

/**
 * Why `input` is not a usable phone number, as a message key, or null when
 * it is one. Uses libphonenumber-js `validatePhoneNumberLength` (its errors
 * INVALID_COUNTRY, NOT_A_NUMBER, TOO_SHORT, TOO_LONG, INVALID_LENGTH) then
 * `isValidPhoneNumber`, with `defaultCountry` for numbers without `+`.
 */
export function phoneErrorKey(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  if (input.length > 32 || hasForbiddenCharacters(input) || !/^\+?[\d\s().-]+$/.test(input)) return VALIDATION_KEYS.phoneNotANumber;
  const lengthError = validatePhoneNumberLength(input, defaultCountry);
  if (lengthError) return LENGTH_ERROR_KEYS[lengthError] ?? VALIDATION_KEYS.phoneNotPossible;
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  if (!parsed) return VALIDATION_KEYS.phoneNotANumber;
  if (parsed.getPossibleCountries().length === 0) return VALIDATION_KEYS.phoneNoPossibleCountries;
  if (!isValidPhoneNumber(input, defaultCountry)) return VALIDATION_KEYS.phoneNotPossible;
  return null;
}

/** The E.164 form (`+5511987654321`) of a number {@link phoneErrorKey} accepted. */
export function toE164(input: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  if (!parsed) throw new Error('toE164 called with an invalid phone number');
  return parsed.number;
}

/**
 * A phone field (the login `username`). Missing → required; invalid → the
 * matching `validation.phone.*` key; output: E.164.
 */
export function phoneSchema(defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY) {
  return v.config(
    v.pipe(
      v.unknown(),
      v.check(isPresent, VALIDATION_KEYS.required),
      v.string(VALIDATION_KEYS.phoneNotANumber),
      v.transform((s: string) => s.trim()),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return;
        const key = phoneErrorKey(dataset.value, defaultCountry);
        if (key) addIssue({ message: key });
      }),
      v.transform((s: string) => toE164(s, defaultCountry)),
    ),
    { abortPipeEarly: true },
  );
}

/** {@link phoneSchema} with Brazil as default country. */
export const PhoneSchema = phoneSchema();
