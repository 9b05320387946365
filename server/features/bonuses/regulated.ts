import { DomainError } from '../../http/errors.ts';
import type { LocalizedText } from '../../http/messages.ts';

/**
 * Lei 14.790/2023 art. 29: a licensed operator may not offer advances,
 * bonuses or any prior advantage to bet with. On a tenant with
 * `is_regulated`, what would hand the player money (or bonus money) to bet
 * with — bonus-credit coupons, deposit bonuses, cash cashback, cash rank
 * rewards — cannot be created or claimed; ranks and VIP points stay.
 */
export const REGULATED_BONUS_MESSAGE: LocalizedText = {
  pt: 'Bônus e vantagens para apostar não são permitidos neste site (Lei nº 14.790/2023, art. 29).',
  en: 'Bonuses and advantages to bet with are not allowed on this site (Law 14,790/2023, art. 29).',
};

/** 403 `bonus_not_allowed`: the operation would give a regulated tenant's player something to bet with. */
export class RegulatedBonusError extends DomainError {
  constructor() {
    super('bonus_not_allowed', 403, undefined, { message: REGULATED_BONUS_MESSAGE });
    this.name = 'RegulatedBonusError';
  }
}

/** Throws `RegulatedBonusError` on a regulated tenant; call it before creating or paying anything to bet with. */
export function assertBonusAllowed(config: { is_regulated: boolean }): void {
  if (config.is_regulated) throw new RegulatedBonusError();
}
