import { DomainError } from '../../http/errors.ts';
import { BARRED_MESSAGES, withClosing } from './messages.ts';

/**
 * 403 refusal of a bet or deposit of a barred player (SIGAP). The body
 * carries `code` and `error` (`barred`, for the seamless wallet's protocol)
 * and `closes_at` beside the message. The sportsbook maps it to its
 * "player blocked" refusal.
 */
export class BarredError extends DomainError {
  constructor(closesAt: Date) {
    super('barred', 403, undefined, { message: withClosing(BARRED_MESSAGES.refused, closesAt), details: { code: 'barred', error: 'barred', closes_at: closesAt.toISOString() } });
    this.name = 'BarredError';
  }
}

/** 403: registration of a CPF the regulator bars. */
export class RegistrationBarredError extends DomainError {
  constructor() {
    super('cpf_barred', 403, undefined, { message: BARRED_MESSAGES.registrationBarred, details: { code: 'cpf_barred' } });
    this.name = 'RegistrationBarredError';
  }
}

/** 503: registration while the regulator's check cannot be reached (the check fails closed there). */
export class BarredCheckUnavailableError extends DomainError {
  constructor() {
    super('barred_check_unavailable', 503, undefined, { message: BARRED_MESSAGES.checkUnavailable, details: { code: 'barred_check_unavailable' } });
    this.name = 'BarredCheckUnavailableError';
  }
}
