import { computed } from 'nanostores';
import type { BarredStatus } from '../contract/auth.ts';
import type { AccountUser } from '../lib/auth/account-user.ts';
import { $session } from './session.ts';

/**
 * The logged-in player's bar by the regulator (SIGAP), as the session's user
 * says (`/auth/me` on every page load, and each login): null for a guest or
 * a player not barred. The banner shows while it is set.
 */
export const $barred = computed($session, (session): BarredStatus | null =>
  session.status === 'user' ? ((session.user as AccountUser).barred ?? null) : null,
);

/** The closing date as players in Brazil read it: Brasília time, in the page's language. */
export function closingDate(closesAt: string, locale: 'pt' | 'en'): string {
  const format = new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : 'en-US', {
    dateStyle: locale === 'pt' ? 'short' : 'medium',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });
  return format.format(new Date(closesAt));
}
