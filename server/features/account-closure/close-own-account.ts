import type { CloseAccountBody, CloseAccountInfo, CloseAccountResponse } from '../../../src/contract/account-closure.ts';
import { isCloseConfirmation } from '../../../src/contract/account-closure.ts';
import { DomainError, UnauthorizedError, ValidationError } from '../../http/errors.ts';
import type { AccountsDeps, RequestFacts } from '../auth/deps.ts';
import { findUserById } from '../users/find-user.ts';
import { CLOSURE_MESSAGES } from './messages.ts';
import { assertReadyToClose } from './preconditions.ts';
import { lockPlayer, recordClosure } from './record-closure.ts';

export type ClosureDeps = Pick<AccountsDeps, 'db' | 'hasher' | 'now' | 'log'>;

/** `GET /profile/close-account`: whether the player confirms with a password or, having none, with the typed word. */
export async function closureInfo(deps: Pick<ClosureDeps, 'db'>, tenantId: number, userId: number): Promise<CloseAccountInfo> {
  const user = await findUserById(deps.db, tenantId, userId);
  if (!user) throw new UnauthorizedError();
  return { confirm_with: user.passwordHash ? 'password' : 'word' };
}

/**
 * `POST /profile/close-account`: the player closes their own account.
 * They confirm with their password, or, for an account without one (Google
 * sign-in only), by typing ENCERRAR / CLOSE. Then, in ONE transaction under
 * the player's row lock: the checks of {@link assertReadyToClose}, the
 * closure on record (reason `player`, the optional note), `closed_at`, and
 * every session revoked. A second close (another tab) finds it closed.
 * @throws 422 `errors.password` / `errors.confirmation`; 409 from the checks
 * or `account_closed` when already closed; 401 when not a player of the tenant.
 */
export async function closeOwnAccount(deps: ClosureDeps, facts: RequestFacts, userId: number, body: CloseAccountBody): Promise<CloseAccountResponse> {
  const tenantId = facts.tenant.id;
  const user = await findUserById(deps.db, tenantId, userId);
  if (!user) throw new UnauthorizedError();
  // Scrypt runs before the row lock is taken, so a slow hash never holds it.
  if (user.passwordHash) {
    if (!body.password) throw new ValidationError({ password: [CLOSURE_MESSAGES.passwordRequired[facts.locale]] }, 'password_required');
    if (!(await deps.hasher.check(body.password, user.passwordHash))) {
      throw new ValidationError({ password: [CLOSURE_MESSAGES.passwordWrong[facts.locale]] }, 'password_wrong');
    }
  } else if (!isCloseConfirmation(body.confirmation)) {
    throw new ValidationError({ confirmation: [CLOSURE_MESSAGES.confirmationRequired[facts.locale]] }, 'confirmation_required');
  }

  const at = deps.now();
  const note = body.note?.normalize('NFC').trim() || null;
  const closure = await deps.db.transaction(async (tx) => {
    const locked = await lockPlayer(tx, tenantId, userId);
    if (!locked) throw new UnauthorizedError();
    if (locked.closedAt) throw new DomainError('account_closed', 409, undefined, { message: CLOSURE_MESSAGES.alreadyClosed });
    await assertReadyToClose(tx, { tenant: facts.tenant, userId, now: at });
    return recordClosure(tx, locked, { reason: 'player', note, at });
  });
  deps.log.info(`account-closure: user ${userId} of tenant ${tenantId} closed their account (closure ${closure.id})`);
  return { closed_at: closure.createdAt.toISOString() };
}
