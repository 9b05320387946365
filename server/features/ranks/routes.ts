import { Hono } from 'hono';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { userActor } from '../auth/routes.ts';
import { getRanking, getVip } from './ranking.ts';

/**
 * The player's rank calls (issue 18), under `/api` behind the tenant and
 * actor middleware:
 * - `GET /ranking`: the rank table for anyone; with a signed-in player, also
 *   their level, total wagered, progress and amount to the next rank
 *   (`player` is null for a guest);
 * - `GET /profile/vip`: the player's VIP level and points (sign-in needed).
 * Both answer `no-store`: a player's figures change with every bet.
 */
export function rankRoutes(deps: { db: Db }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/ranking', async (c) => {
      const actor = c.get('actor');
      c.header('Cache-Control', 'no-store');
      return c.json(await getRanking(deps.db, { tenantId: c.get('tenant').id, userId: actor?.kind === 'user' ? actor.userId : null }));
    })
    .get('/profile/vip', requireUser, async (c) => {
      c.header('Cache-Control', 'no-store');
      const tenant = c.get('tenant');
      return c.json({ vip: await getVip(deps.db, { tenantId: tenant.id, userId: userActor(c.get('actor')).userId, config: tenant.config }) });
    });
}
