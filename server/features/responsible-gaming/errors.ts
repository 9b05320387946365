import type { LimitPeriod, MoneyLimitKind, ResponsibleGamingCode } from '../../../src/contract/responsible-gaming.ts';
import { DomainError } from '../../http/errors.ts';
import type { LocalizedText } from '../../http/messages.ts';

/** What a refusal names: the limit, its period and when it resets (ISO), or the pause's end. */
export interface RefusalDetails {
  kind: MoneyLimitKind | 'session' | 'cool_off' | 'registration';
  period?: LimitPeriod;
  /** Centavos for money limits, minutes for the session limit. */
  limit?: number;
  /** What the period already holds (centavos). */
  used?: number;
  resets_at?: string;
}

/**
 * 403 refusal of a bet or deposit by the player's own limits or pause. The
 * body carries `code` and `limit` (RefusalDetails) beside the message, and
 * `error` (the same code) for the seamless wallet's protocol.
 */
export class ResponsibleGamingError extends DomainError {
  readonly refusal: RefusalDetails;

  constructor(code: ResponsibleGamingCode, message: LocalizedText, refusal: RefusalDetails) {
    super(code, 403, undefined, { message, details: { code, error: code, limit: refusal } });
    this.name = 'ResponsibleGamingError';
    this.refusal = refusal;
  }
}
