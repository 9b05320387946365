import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { requireUser } from '../../http/actor.ts';
import { userActor } from '../auth/routes.ts';
import type { MissionsDeps } from './deps.ts';
import { acceptMission, claimMission, getMission, listMissions, parseMissionId } from './player.ts';

/**
 * The player's mission calls (issue 19, spec names), under `/api` behind the
 * tenant and actor middleware, all `no-store`:
 * - `GET /missions` → `{ data }`: offered missions (for anyone) and the player's own;
 * - `GET /missions/{id}` → `{ mission }`;
 * - `POST /missions/{id}/accept` → `{ mission }` (sign-in; idempotent);
 * - `POST /missions/{id}/claim` → `{ mission, reward, wallet? }` (sign-in; paid once).
 * Refusals answer `{ message }` in the caller's language.
 */
export function missionRoutes(deps: MissionsDeps): Hono<AppEnv> {
  const { db } = deps;
  const playerOf = (actor: AppEnv['Variables']['actor']) => (actor?.kind === 'user' ? actor.userId : null);
  return new Hono<AppEnv>()
    .use('/missions', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .use('/missions/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/missions', async (c) => c.json({ data: await listMissions(db, { tenant: c.get('tenant'), userId: playerOf(c.get('actor')) }) }))
    .get('/missions/:id', async (c) => c.json(await getMission(db, { tenant: c.get('tenant'), userId: playerOf(c.get('actor')) }, parseMissionId(c.req.param('id')))))
    .post('/missions/:id/accept', requireUser, async (c) =>
      c.json(await acceptMission(db, { tenant: c.get('tenant'), userId: userActor(c.get('actor')).userId }, parseMissionId(c.req.param('id')))),
    )
    .post('/missions/:id/claim', requireUser, async (c) =>
      c.json(await claimMission(deps, { tenant: c.get('tenant'), userId: userActor(c.get('actor')).userId }, parseMissionId(c.req.param('id')))),
    );
}
