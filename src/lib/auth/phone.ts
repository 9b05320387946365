import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { phoneErrorKey, toE164 } from '../../contract/validation/phone.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';

/** Spec section 7: without a geoip answer the phone country is Brazil, +55. */
export const DEFAULT_COUNTRY: CountryCode = 'BR';
export const DEFAULT_CALLING_CODE = '55';

export interface CountryOption {
  code: CountryCode;
  callingCode: string;
  /** The country's name in the page language. */
  name: string;
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (getCountries() as string[]).includes(value);
}

/** Every country libphonenumber knows, named in `locale` and sorted by name (Brazil first). */
export function countryOptions(locale: Locale): CountryOption[] {
  const tag = locale === 'pt' ? 'pt-BR' : 'en-US';
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([tag], { type: 'region' });
  } catch {
    names = null;
  }
  const options = getCountries().map((code) => ({
    code,
    callingCode: getCountryCallingCode(code),
    name: names?.of(code) ?? code,
  }));
  const collator = new Intl.Collator(tag);
  options.sort((a, b) => (a.code === DEFAULT_COUNTRY ? -1 : b.code === DEFAULT_COUNTRY ? 1 : collator.compare(a.name, b.name)));
  return options;
}

/** A stored E.164 number shown back in its national format (for read-only fields). */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * A number the player just gave (E.164) shown back as they wrote it: in the
 * national format when it belongs to `country` (`(11) 98765-4321`), else
 * internationally (`+1 202 555 0123`).
 */
export function displayPhone(e164: string, country: CountryCode): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * The phone a form sends: E.164 when the number typed (in the national format
 * of `country`, or with its own `+`) is valid, else the text as typed, so the
 * shared schema reports why.
 */
export function phoneForRequest(national: string, country: CountryCode): string {
  const trimmed = national.trim();
  return trimmed !== '' && phoneErrorKey(trimmed, country) === null ? toE164(trimmed, country) : trimmed;
}

/** The message key of a phone typed for `country`, or null when valid ('' → required). */
export function phoneFieldError(national: string, country: CountryCode): string | null {
  const trimmed = national.trim();
  if (trimmed === '') return 'validation.required';
  return phoneErrorKey(trimmed, country);
}
