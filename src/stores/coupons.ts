import { atom, map } from 'nanostores';
import { type CheckCouponAnswer, normaliseCouponCode } from '../contract/bonuses.ts';
import { ApiError } from '../lib/api/errors.ts';
import { api, rethrowAsApiError } from './api.ts';
import { loadActiveBonuses } from './bonuses.ts';
import { loadFreeRounds } from './free-rounds.ts';
import { applyWallet } from './wallet.ts';

/**
 * The coupon field of `/bonus` (spec "Coupon": invalid, loading, valid).
 * `POST /bonuses/check-coupon` validates AND applies a code (docs/rewards.md),
 * so a valid answer is kept per code: typing a code that was already
 * validated shows its answer again without a second call. An empty code is
 * never sent. A refusal marks the coupon invalid with the platform's words.
 */
export type CouponState =
  | { status: 'idle' }
  | { status: 'loading'; code: string }
  | { status: 'valid'; code: string; answer: CheckCouponAnswer }
  | { status: 'invalid'; code: string; message: string };

export const $coupon = atom<CouponState>({ status: 'idle' });
/** What the player typed in the field. */
export const $couponInput = atom('');
/** Validated coupons by code (the spec's cache). */
export const $validatedCoupons = map<Record<string, CheckCouponAnswer>>({});

export function setCouponInput(value: string): void {
  $couponInput.set(value);
  // A new code is no longer the one the last answer was about.
  const state = $coupon.get();
  if (state.status === 'invalid' && normaliseCouponCode(value) !== state.code) $coupon.set({ status: 'idle' });
}

/**
 * The platform's refusal as one line: a field error when there is one, else
 * the answer's own `message` (it says why: expired, used up, the law…),
 * which the site's catalogue mapping by status would otherwise replace.
 */
async function refusalText(error: unknown): Promise<string> {
  let wrapped: unknown = error;
  if (!(error instanceof ApiError)) wrapped = await rethrowAsApiError(error).catch((e: unknown) => e);
  if (!(wrapped instanceof ApiError)) return String(error);
  const data = wrapped.data as { message?: unknown } | null | undefined;
  if (!wrapped.errors && typeof data === 'object' && data !== null && typeof data.message === 'string' && data.message !== '') return data.message;
  return wrapped.messages[0] ?? wrapped.message;
}

/**
 * Checks (and so redeems) the typed code. Empty → nothing happens; a code
 * already validated → its cached answer; otherwise `loading`, then `valid`
 * (the wallet and the running bonuses refresh) or `invalid` with the reason.
 * A second call while one is running is ignored (one click, one request).
 */
export async function checkCoupon(raw = $couponInput.get()): Promise<CouponState> {
  const code = normaliseCouponCode(raw);
  if (code === '') return $coupon.get();
  if ($coupon.get().status === 'loading') return $coupon.get();
  const cached = $validatedCoupons.get()[code];
  if (cached) {
    $coupon.set({ status: 'valid', code, answer: cached });
    return $coupon.get();
  }
  $coupon.set({ status: 'loading', code });
  try {
    const answer = await api.post<CheckCouponAnswer>('/bonuses/check-coupon', { coupon: code });
    $validatedCoupons.setKey(code, answer);
    $coupon.set({ status: 'valid', code, answer });
    applyWallet(answer.wallet);
    void loadActiveBonuses();
    if (answer.free_rounds) void loadFreeRounds();
  } catch (error) {
    $coupon.set({ status: 'invalid', code, message: await refusalText(error) });
  }
  return $coupon.get();
}
