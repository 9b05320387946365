import { COUPON_CODE, normaliseCouponCode } from '../../contract/bonuses.ts';
import type { PagedList } from '../../contract/wallet.ts';
import { call } from '../api.ts';
import type { Place } from '../router.ts';
import { hrefOf } from '../router.ts';
import { pageOf, pageParam } from './paged-lists.ts';
import { loader, resource } from './resource.ts';

/**
 * Who redeemed a coupon (`GET /operator/coupons/{code}/redemptions?page`,
 * 50 a page, newest first; server/features/bonuses/manage-coupons.ts). The
 * Coupons screen shows it at `/backoffice/coupons/{CODE}/redemptions?page=2`.
 */

/** One redemption as the platform lists it (`OperatorRedemptionView`): the player and when. */
export interface CouponRedemptionView {
  id: number;
  user: { id: number; name: string; username: string | null };
  date: string;
}

export type RedemptionsPage = PagedList<CouponRedemptionView> & { coupon: string };

export interface RedemptionsPlace {
  code: string;
  page: number;
}

/** The coupon and page a Coupons URL asks for (`{CODE}/redemptions` after the screen), or null for the coupon list. */
export function redemptionsPlaceOf(place: Pick<Place, 'rest' | 'query'>): RedemptionsPlace | null {
  const m = /^([^/]+)\/redemptions\/?$/.exec(place.rest);
  if (!m) return null;
  let code: string;
  try {
    code = normaliseCouponCode(decodeURIComponent(m[1]!));
  } catch {
    return null;
  }
  return COUPON_CODE.test(code) ? { code, page: pageOf(place.query) } : null;
}

export function redemptionsHref(place: RedemptionsPlace): string {
  return hrefOf('coupons', { page: pageParam(place.page) }, `${encodeURIComponent(place.code)}/redemptions`);
}

export const $redemptions = resource<RedemptionsPage>();
const load = loader($redemptions);

export function loadRedemptions(place: RedemptionsPlace): Promise<void> {
  return load(() => call<RedemptionsPage>(`/operator/coupons/${encodeURIComponent(place.code)}/redemptions`, { query: { page: place.page } }));
}
