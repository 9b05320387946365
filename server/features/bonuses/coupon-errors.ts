import { DomainError } from '../../http/errors.ts';
import type { LocalizedText } from '../../http/messages.ts';
import type { CouponRefusal } from '../../../src/contract/bonuses.ts';
import { COUPON_MESSAGES } from './messages.ts';

const REFUSALS: Record<Exclude<CouponRefusal, 'bonus_not_allowed'>, { status: 404 | 409 | 422; message: LocalizedText }> = {
  coupon_invalid: { status: 422, message: COUPON_MESSAGES.invalid },
  coupon_not_started: { status: 422, message: COUPON_MESSAGES.notStarted },
  coupon_expired: { status: 422, message: COUPON_MESSAGES.expired },
  coupon_used_up: { status: 409, message: COUPON_MESSAGES.usedUp },
  coupon_already_used: { status: 409, message: COUPON_MESSAGES.alreadyUsed },
};

/**
 * A coupon the player may not redeem: 422 (unknown, switched off, outside its
 * window) or 409 (used up, already used by this player). The body carries
 * `code` so the site can tell them apart; nothing was redeemed.
 */
export class CouponRefusedError extends DomainError {
  constructor(code: keyof typeof REFUSALS) {
    const { status, message } = REFUSALS[code];
    super(code, status, undefined, { message, details: { code } });
    this.name = 'CouponRefusedError';
  }
}
