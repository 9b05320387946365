import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/open.ts';
import { accountBlockedError } from '../features/players/blocked-error.ts';
import { findActorByToken } from '../features/users/tokens.ts';
import type { AppEnv } from './context.ts';
import { UnauthorizedError } from './errors.ts';

/** A guest id is `guest-` plus 8 to 64 letters or digits (specification section 3). */
export const GUEST_ID_PATTERN = /^guest-[A-Za-z0-9]{8,64}$/;
const LMCP_PATTERN = /^[\w.~:@%+=-]{1,200}$/;

/**
 * Sets `actor` and `lmcp`; needs `tenant` set before it.
 * - `Authorization: Bearer <token>`: the token's user on this tenant (`now`
 *   is the clock of the 30-minute idle rule; tests inject one);
 * - else (or when the token is unknown, revoked, expired or from another
 *   tenant) `Guest-ID`: a guest, when it matches GUEST_ID_PATTERN;
 * - else null.
 * A stale token thus never breaks public calls; calls that need a player use
 * `requireUser`, whose 401 makes the site drop its session (section 4).
 * The one exception: a token of an account the operator blocked (revoked or
 * not) is refused on every call with 403 `account_blocked`, so the player is
 * told why rather than sent to a login that would refuse them too.
 */
export function resolveActor(db: Db, now: () => Date = () => new Date()): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    const user = bearer ? await findActorByToken(db, c.get('tenant').id, bearer, now()) : null;
    if (user?.kind === 'blocked') throw accountBlockedError(user.blockedAt);
    if (user) {
      c.set('actor', user);
    } else {
      const guestId = c.req.header('guest-id')?.trim();
      c.set('actor', guestId && GUEST_ID_PATTERN.test(guestId) ? { kind: 'guest', guestId } : null);
    }
    const lmcp = c.req.header('lmcp')?.trim();
    c.set('lmcp', lmcp && LMCP_PATTERN.test(lmcp) ? lmcp : null);
    await next();
  };
}

/** Lets only logged-in players through; anyone else gets 401 (the site then clears its session). */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('actor')?.kind !== 'user') throw new UnauthorizedError('unauthenticated');
  await next();
};
