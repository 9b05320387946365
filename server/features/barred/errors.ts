import { DomainError } from '../../http/errors.ts';
import type { MessageLocale } from '../../http/messages.ts';
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

/**
 * 403: registration of a CPF the regulator bars. The text also sits on the
 * `cpf` field (in the caller's language), so the sign-up form shows it
 * there: the site reads a refusal's words from `errors` only.
 */
export class RegistrationBarredError extends DomainError {
  constructor(locale: MessageLocale) {
    super('cpf_barred', 403, { cpf: [BARRED_MESSAGES.registrationBarred[locale]] }, { message: BARRED_MESSAGES.registrationBarred, details: { code: 'cpf_barred' } });
    this.name = 'RegistrationBarredError';
  }
}

/**
 * 503: registration while the regulator's check cannot be reached (the
 * check fails closed there). The text sits on `barred_check`, no form
 * field, so the sign-up form shows it as the form's own error.
 */
export class BarredCheckUnavailableError extends DomainError {
  constructor(locale: MessageLocale) {
    super('barred_check_unavailable', 503, { barred_check: [BARRED_MESSAGES.checkUnavailable[locale]] }, { message: BARRED_MESSAGES.checkUnavailable, details: { code: 'barred_check_unavailable' } });
    this.name = 'BarredCheckUnavailableError';
  }
}
