import { ForbiddenError } from '../../http/errors.ts';
import { translate } from '../../http/translate.ts';
import { isSelfExcluded } from '../users/present.ts';
import type { UserRow } from '../users/schema.ts';

/** Dates in the refusal message: Brazilian time, as players there read them. */
const ZONE = 'America/Sao_Paulo';
const formatters = {
  pt: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: ZONE }),
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }),
};

/**
 * @throws 403 `{ message: 'Sua conta está autoexcluída de … até ….', selfExcluded: true, start_at, end_at }`
 * while `user` is inside a self-exclusion period at `now`.
 */
export function assertNotSelfExcluded(user: UserRow, now: Date): void {
  if (!isSelfExcluded(user, now) || !user.selfExclusionEndAt) return;
  const start = user.selfExclusionStartAt ?? now;
  const end = user.selfExclusionEndAt;
  const text = (locale: 'pt' | 'en') => translate(locale, 'auth.selfExcluded', { start: formatters[locale].format(start), end: formatters[locale].format(end) });
  throw new ForbiddenError('self_excluded', {
    message: { pt: text('pt'), en: text('en') },
    details: { selfExcluded: true, start_at: start.toISOString(), end_at: end.toISOString() },
  });
}
