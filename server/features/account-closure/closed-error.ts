import { ForbiddenError } from '../../http/errors.ts';
import { fill } from '../auth/messages.ts';
import { CLOSURE_MESSAGES } from './messages.ts';

const formatters = {
  pt: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }),
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Sao_Paulo' }),
};

/**
 * Refuses a closed account (login, Google login): 403 `account_closed` with
 * the closing date in Brasília time and `{ accountClosed: true, closed_at }`.
 * Callers check it only after the credentials matched, so the answer never
 * tells a stranger that a phone belonged to a closed account.
 */
export function assertNotClosed(user: { closedAt: Date | null }): void {
  if (!user.closedAt) return;
  const at = user.closedAt;
  throw new ForbiddenError('account_closed', {
    message: {
      pt: fill(CLOSURE_MESSAGES.closedLogin.pt, { date: formatters.pt.format(at) }),
      en: fill(CLOSURE_MESSAGES.closedLogin.en, { date: formatters.en.format(at) }),
    },
    details: { accountClosed: true, closed_at: at.toISOString() },
  });
}
