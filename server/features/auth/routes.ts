import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { VerifyCodeSchema, VerifyPhoneSchema } from '../../../src/contract/validation/index.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { Actor, AppEnv } from '../../http/context.ts';
import { DomainError, UnauthorizedError } from '../../http/errors.ts';
import { findUserById } from '../users/find-user.ts';
import { revokeAccessToken } from '../users/tokens.ts';
import { type AccountsDeps, requestFacts } from './deps.ts';
import { completeRegistration } from './complete-registration.ts';
import { googleLogin } from './google-login.ts';
import { login } from './login.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { register } from './register.ts';
import { changePassword, recoverPassword, resetPassword } from './recovery.ts';
import { present } from './session.ts';
import { updateAccount, validateCpf } from './update-user.ts';
import { requestEmailCode, requestPhoneCode, verifyCode } from './verification.ts';

/** Auth bodies are small; anything bigger is refused before parsing. */
const smallBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw new DomainError('body_too_large', 413);
  },
});

/** The logged-in actor, for routes behind `requireUser`. */
export function userActor(actor: Actor | null): Extract<Actor, { kind: 'user' }> {
  if (actor?.kind !== 'user') throw new UnauthorizedError();
  return actor;
}

/**
 * The auth calls of section 7 (issue 3 API contract), mounted under `/api`
 * behind the tenant and actor middleware. Every body is validated with the
 * shared schemas of `src/contract/validation`.
 */
export function authRoutes(deps: AccountsDeps): Hono<AppEnv> {
  const noStore = async (c: { header: (k: string, v: string) => void }, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  return new Hono<AppEnv>()
    .use('/auth/*', smallBody, noStore)
    .use('/validate/*', smallBody, noStore)
    .post('/validate/validate-cpf', async (c) => c.json(await validateCpf(deps, requestFacts(c, deps), await readBody(c, v.unknown()))))
    .post('/auth/verify-phone', async (c) => {
      const body = await readBody(c, VerifyPhoneSchema);
      return c.json(await requestPhoneCode(deps, requestFacts(c, deps), c.get('actor'), body.phone));
    })
    .post('/auth/verify-email', requireUser, async (c) => c.json(await requestEmailCode(deps, requestFacts(c, deps), c.get('actor'))))
    .post('/auth/verify-code', async (c) => {
      const body = await readBody(c, VerifyCodeSchema);
      return c.json(await verifyCode(deps, requestFacts(c, deps), c.get('actor'), body));
    })
    .post('/auth/register', async (c) => c.json(await register(deps, requestFacts(c, deps), await readBody(c, v.unknown())), 201))
    .post('/auth/login', async (c) => c.json(await login(deps, requestFacts(c, deps), await readBody(c, v.unknown()))))
    .post('/auth/google', async (c) => c.json(await googleLogin(deps, requestFacts(c, deps), await readBody(c, v.unknown()))))
    .post('/auth/complete-registration', requireUser, async (c) =>
      c.json({ data: await completeRegistration(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, await readBody(c, v.unknown())) }),
    )
    .get('/auth/me', requireUser, async (c) => {
      const user = await findUserById(deps.db, c.get('tenant').id, userActor(c.get('actor')).userId);
      if (!user) throw new UnauthorizedError();
      return c.json({ data: await present(deps, user) });
    })
    .get('/auth/logout', async (c) => {
      const actor = c.get('actor');
      if (actor?.kind === 'user') await revokeAccessToken(deps.db, actor.tokenId, deps.now());
      return c.json({ message: AUTH_MESSAGES.loggedOut[requestFacts(c, deps).locale] });
    })
    .post('/auth/update', requireUser, async (c) =>
      c.json(await updateAccount(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, await readBody(c, v.unknown()))),
    )
    .post('/auth/recover-password', async (c) => {
      const { message } = await recoverPassword(deps, requestFacts(c, deps), await readBody(c, v.unknown()));
      return c.json({ message });
    })
    .post('/auth/reset-password', async (c) => c.json(await resetPassword(deps, requestFacts(c, deps), await readBody(c, v.unknown()))))
    .post('/auth/request-password-change', requireUser, async (c) =>
      c.json(await changePassword(deps, requestFacts(c, deps), userActor(c.get('actor')), await readBody(c, v.unknown()))),
    );
}
