import { Hono } from 'hono';
import { CoolOffSchema, UpdateLimitsSchema } from '../../../src/contract/responsible-gaming.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { userActor } from '../auth/routes.ts';
import { getResponsibleGaming, type ResponsibleGamingDeps, sessionSummary, startCoolOff, updateLimits } from './settings.ts';

/**
 * The player's responsible-gaming calls (issue 17), under `/api` behind the
 * tenant and actor middleware; every one needs a logged-in player and
 * answers `no-store`.
 */
export function responsibleGamingRoutes(deps: ResponsibleGamingDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use('/responsible-gambling', requireUser)
    .use('/responsible-gambling/*', requireUser)
    .use('/responsible-gambling/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/responsible-gambling', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getResponsibleGaming(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId }));
    })
    .put('/responsible-gambling/limits', async (c) => {
      const body = await readBody(c, UpdateLimitsSchema);
      return c.json(await updateLimits(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId }, body));
    })
    .post('/responsible-gambling/cool-off', async (c) => {
      const { days } = await readBody(c, CoolOffSchema);
      return c.json(await startCoolOff(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId }, days));
    })
    .get('/responsible-gambling/session', async (c) =>
      c.json(await sessionSummary(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId })),
    );
}
