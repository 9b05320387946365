import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { AuthSessionResponse } from '../../../src/contract/auth.ts';
import { createLoginSchema } from '../../../src/contract/validation/index.ts';
import { ValidationError } from '../../http/errors.ts';
import { checkAtLogin } from '../barred/triggers.ts';
import { tooManyAttempts } from '../rate-limit/errors.ts';
import { perIpRule, RATE_RULES, rateKey } from '../rate-limit/rules.ts';
import { assertNotClosed } from '../account-closure/closed-error.ts';
import { assertNotBlocked } from '../players/blocked-error.ts';
import { findUserByPhone } from '../users/find-user.ts';
import { users } from '../users/schema.ts';
import { assertCaptcha, captchaRequired } from './captcha-check.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { assertNotSelfExcluded } from './self-exclusion-error.ts';
import { startSession } from './session.ts';

/**
 * `POST /auth/login`: phone + password (+ CPF / e-mail when the tenant
 * requires them). Only accounts of THIS tenant are looked up. Unknown phones
 * cost the same scrypt work as known ones, and every failure gives the same
 * answer (422 `errors.username: auth.loginFailed`).
 * @throws 429 `{retry_in}` after 5 failures of a phone (15 minutes) or too
 * many attempts from one IP; 403 with dates for a self-excluded player;
 * 403 `account_closed` for a closed account and 403 `account_blocked` for
 * one the operator blocked (both only once the password matched).
 */
export async function login(deps: AccountsDeps, facts: RequestFacts, rawBody: unknown): Promise<AuthSessionResponse> {
  const config = facts.tenant.config;
  const body = v.parse(
    createLoginSchema({ cpfRequired: config.login_requires_cpf, emailRequired: config.login_requires_email, captchaRequired: captchaRequired(facts) }),
    rawBody,
  );
  await assertCaptcha(deps, facts, body.captcha_token);
  const tenantId = facts.tenant.id;
  const byIp = await deps.limiter.hit(rateKey.loginIp(tenantId, facts.ip), perIpRule(RATE_RULES.loginPerIp, deps.config.ipRateLimitScale));
  if (byIp.blocked) throw tooManyAttempts(byIp.retryIn, 'login_ip_limited');
  const failuresKey = rateKey.loginFailures(tenantId, body.username);
  const locked = await deps.limiter.peek(failuresKey, RATE_RULES.loginFailuresPerPhone);
  if (locked.blocked) throw tooManyAttempts(locked.retryIn, 'login_locked');

  const user = await findUserByPhone(deps.db, tenantId, body.username);
  const passwordOk = await deps.hasher.check(body.password, user?.passwordHash ?? null);
  const extrasOk = !!user && (!config.login_requires_cpf || user.cpf === body.cpf) && (!config.login_requires_email || user.email === body.email);
  if (!user || !passwordOk || !extrasOk) {
    const failures = await deps.limiter.hit(failuresKey, RATE_RULES.loginFailuresPerPhone);
    // The failure that reaches the limit starts the 15-minute lockout at once.
    if (failures.count >= RATE_RULES.loginFailuresPerPhone.limit) throw tooManyAttempts(failures.retryIn, 'login_locked');
    throw new ValidationError({ username: ['auth.loginFailed'] }, 'login_failed');
  }
  await deps.limiter.reset(failuresKey);
  assertNotClosed(user);
  assertNotBlocked(user);
  assertNotSelfExcluded(user, deps.now());
  // The day's first login asks the regulator again (barred: the login goes on, bets and deposits stop).
  await checkAtLogin(deps.barred, user);
  if (user.passwordHash && deps.hasher.needsRehash(user.passwordHash)) {
    await deps.db.update(users).set({ passwordHash: await deps.hasher.hash(body.password) }).where(eq(users.id, user.id));
  }
  return startSession(deps, user, facts);
}
