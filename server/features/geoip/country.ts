import { type CountryCode, getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';

export interface GeoCountry {
  countryCode: string;
  callingCode: string;
}

/** Brazil: the answer whenever the CDN gives no usable country (spec section 7). */
export const FALLBACK_COUNTRY: GeoCountry = { countryCode: 'BR', callingCode: '55' };

/**
 * Country and international calling code from a CDN country header value
 * (ISO 3166-1 alpha-2, any case). Unknown or pseudo codes (`XX`, `T1` for Tor)
 * fall back to BR / 55.
 */
export function countryFromHeader(value: string | undefined): GeoCountry {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || !isSupportedCountry(code)) return FALLBACK_COUNTRY;
  return { countryCode: code, callingCode: getCountryCallingCode(code as CountryCode) };
}
