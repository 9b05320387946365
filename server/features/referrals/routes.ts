import { Hono } from 'hono';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { userActor } from '../auth/routes.ts';
import { listAffiliates } from './list-affiliates.ts';

/**
 * Refer a friend (issue 18), under `/api` behind the tenant and actor
 * middleware: the logged-in player's code and referred friends,
 * `no-store` (personal data).
 */
export function referralRoutes(deps: { db: Db }): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/profile/affiliates', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listAffiliates(deps.db, c.get('tenant'), userActor(c.get('actor')).userId));
  });
}
