import { ForbiddenError } from '../../http/errors.ts';
import { PLAYER_MESSAGES } from './messages.ts';

/** 403 `account_blocked`, `{ message, accountBlocked: true, blocked_at }` in the caller's language. */
export function accountBlockedError(blockedAt: Date): ForbiddenError {
  return new ForbiddenError('account_blocked', { message: PLAYER_MESSAGES.blocked, details: { accountBlocked: true, blocked_at: blockedAt.toISOString() } });
}

/**
 * Refuses a blocked account's login (password, Google). Callers check it only
 * after the credentials matched, so the answer never tells a stranger that a
 * phone belongs to a blocked account.
 * @throws accountBlockedError while the operator blocks the account.
 */
export function assertNotBlocked(user: { blockedAt: Date | null }): void {
  if (user.blockedAt) throw accountBlockedError(user.blockedAt);
}
