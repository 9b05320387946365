import { atom } from 'nanostores';
import type { CountryCode } from 'libphonenumber-js';
import { DEFAULT_CALLING_CODE, DEFAULT_COUNTRY, isCountryCode } from '../lib/auth/phone.ts';
import { readStored, writeStored } from '../lib/storage.ts';

/**
 * The visitor's phone country (spec section 7: `GET /api/geoip` → countryCode,
 * callingCode; BR and 55 on failure), kept in local storage as
 * `userCountryCode` / `userCallingCode` so it is asked once.
 */
export interface PhoneCountry {
  countryCode: CountryCode;
  callingCode: string;
}

function stored(): PhoneCountry | null {
  const code = readStored('userCountryCode');
  const calling = readStored('userCallingCode');
  return isCountryCode(code) && calling ? { countryCode: code, callingCode: calling } : null;
}

export const $phoneCountry = atom<PhoneCountry>(stored() ?? { countryCode: DEFAULT_COUNTRY, callingCode: DEFAULT_CALLING_CODE });

let loading: Promise<PhoneCountry> | null = null;

/** The same-origin geoip endpoint (spec section 7 lists it as `/api/geoip`, not under the API base). */
export const GEOIP_PATH = '/api/geoip';

/**
 * Resolves the country once per page: the stored one, else the geoip answer,
 * else Brazil. Never rejects.
 */
export function loadPhoneCountry(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<PhoneCountry> {
  const known = stored();
  if (known) {
    $phoneCountry.set(known);
    return Promise.resolve(known);
  }
  loading ??= (async () => {
    let result: PhoneCountry = { countryCode: DEFAULT_COUNTRY, callingCode: DEFAULT_CALLING_CODE };
    try {
      const response = await fetchImpl(GEOIP_PATH, { headers: { Accept: 'application/json' } });
      const body = (await response.json()) as { countryCode?: unknown; callingCode?: unknown };
      if (response.ok && isCountryCode(body.countryCode) && typeof body.callingCode === 'string' && body.callingCode !== '') {
        result = { countryCode: body.countryCode, callingCode: body.callingCode.replace(/^\+/, '') };
      }
    } catch {
      // Offline or blocked: Brazil.
    }
    writeStored('userCountryCode', result.countryCode);
    writeStored('userCallingCode', result.callingCode);
    $phoneCountry.set(result);
    return result;
  })();
  return loading;
}
