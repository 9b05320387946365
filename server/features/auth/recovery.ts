import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { MessageResponse } from '../../../src/contract/auth.ts';
import { PasswordChangeSchema, RecoverPasswordSchema, ResetPasswordSchema } from '../../../src/contract/validation/index.ts';
import { DomainError, UnauthorizedError, ValidationError } from '../../http/errors.ts';
import { translate } from '../../http/translate.ts';
import { tooManyAttempts } from '../rate-limit/errors.ts';
import { rateKey } from '../rate-limit/rules.ts';
import { findUserByEmail, findUserById, findUserByPhone } from '../users/find-user.ts';
import { users } from '../users/schema.ts';
import { revokeUserTokens } from '../users/tokens.ts';
import { checkCode } from './codes.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { limitCodeRequests, sendCode } from './send-code.ts';

/**
 * `POST /auth/recover-password {username}` or `{email}`: always the same
 * 200 answer, whether or not an account exists. Limits and the 20 s wait
 * count per given identifier (not per account), so a 429 says nothing about
 * existence either. The code is issued and sent in the background, so the
 * answer's timing does not depend on the account existing.
 */
export async function recoverPassword(deps: AccountsDeps, facts: RequestFacts, rawBody: unknown): Promise<MessageResponse & { background: Promise<void> }> {
  const body = v.parse(RecoverPasswordSchema, rawBody);
  const identifier = body.username ?? body.email ?? '';
  await limitCodeRequests(deps, facts, identifier);
  const wait = await deps.limiter.hit(`recover:${facts.tenant.id}:${identifier}`, { limit: 1, windowSeconds: 20 });
  if (wait.count > 1) throw tooManyAttempts(wait.retryIn, 'code_resend_wait');

  const background = (async () => {
    const user = body.username ? await findUserByPhone(deps.db, facts.tenant.id, body.username) : await findUserByEmail(deps.db, facts.tenant.id, body.email ?? '');
    if (!user) return;
    const channel = body.username ? 'sms' : 'email';
    await sendCode(deps, facts, {
      target: { tenantId: facts.tenant.id, purpose: 'reset_password', userId: user.id },
      userId: user.id,
      channel,
      destination: identifier,
    });
  })().catch((error: unknown) => {
    if (!(error instanceof DomainError)) deps.log.error('recover-password: sending the code failed', error);
  });
  return { message: translate(facts.locale, 'auth.recoverSent'), background };
}

/**
 * `POST /auth/reset-password {username, code, password, password_confirmation}`:
 * with the code sent by recovery, sets the new password and ends every
 * session of the player. An unknown phone answers like a wrong code.
 */
export async function resetPassword(deps: AccountsDeps, facts: RequestFacts, rawBody: unknown): Promise<MessageResponse> {
  const body = v.parse(ResetPasswordSchema, rawBody);
  const now = deps.now();
  const user = await findUserByPhone(deps.db, facts.tenant.id, body.username);
  if (!user) throw new ValidationError({ code: ['validation.code'] }, 'code_invalid');
  await checkCode(deps.db, { target: { tenantId: facts.tenant.id, purpose: 'reset_password', userId: user.id }, code: body.code, now });
  const passwordHash = await deps.hasher.hash(body.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserTokens(tx, user.id, { now });
  });
  await deps.limiter.reset(rateKey.loginFailures(facts.tenant.id, body.username));
  return { message: AUTH_MESSAGES.passwordReset[facts.locale] };
}

/**
 * `POST /auth/request-password-change {current_password, password, password_confirmation}`
 * (logged in): other sessions end, the current one stays.
 * @throws 422 `errors.current_password` when it is wrong; `errors.password_confirmation` 'As senhas não coincidem'.
 */
export async function changePassword(deps: AccountsDeps, facts: RequestFacts, actor: { userId: number; tokenId: number }, rawBody: unknown): Promise<MessageResponse> {
  const body = v.parse(PasswordChangeSchema, rawBody);
  const user = await findUserById(deps.db, facts.tenant.id, actor.userId);
  if (!user) throw new UnauthorizedError();
  if (!(await deps.hasher.check(body.current_password, user.passwordHash))) {
    throw new ValidationError({ current_password: [AUTH_MESSAGES.currentPasswordWrong[facts.locale]] });
  }
  const now = deps.now();
  const passwordHash = await deps.hasher.hash(body.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserTokens(tx, user.id, { now, exceptTokenId: actor.tokenId });
  });
  return { message: AUTH_MESSAGES.passwordChanged[facts.locale] };
}
