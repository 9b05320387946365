import { atom } from 'nanostores';
import { readStored, writeStored } from '../lib/storage.ts';

/**
 * Marketing parameters (spec section 2): `ref` on any route is kept as the
 * referral code offered at registration; `lmcp` on any page is kept and sent
 * as the `lmcp` header on later API calls. A newer value replaces an older one.
 */
export interface MarketingParams {
  referralCode: string | null;
  lmcp: string | null;
}

/** Longest value accepted; longer ones are ignored rather than truncated. */
const MAX_LENGTH = 128;
/** Header-safe visible ASCII, so `lmcp` can always be sent as a header. */
const SAFE_VALUE = /^[\x21-\x7E]+$/;

function accept(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_LENGTH && SAFE_VALUE.test(trimmed) ? trimmed : null;
}

export const $marketing = atom<MarketingParams>({ referralCode: readStored('ref'), lmcp: readStored('lmcp') });

/**
 * Stores `ref` and `lmcp` found in a query string (`location.search`).
 * Returns what was captured; values that are empty, too long or not
 * header-safe are ignored.
 */
export function captureMarketingParams(search: string): Partial<MarketingParams> {
  const params = new URLSearchParams(search);
  const captured: Partial<MarketingParams> = {};
  const ref = accept(params.get('ref'));
  const lmcp = accept(params.get('lmcp'));
  if (ref !== null) {
    writeStored('ref', ref);
    captured.referralCode = ref;
  }
  if (lmcp !== null) {
    writeStored('lmcp', lmcp);
    captured.lmcp = lmcp;
  }
  if (ref !== null || lmcp !== null) $marketing.set({ ...$marketing.get(), ...captured });
  return captured;
}
