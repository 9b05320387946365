import { Hono } from 'hono';
import * as v from 'valibot';
import { BoxVerifyQuerySchema, BuyBoxSchema, OpenBoxSchema, SellBoxSchema, SellPrizeSchema } from '../../../src/contract/boxes.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { Logger } from '../../logger.ts';
import { userActor } from '../auth/routes.ts';
import { assertBoxesEnabled, getBox, listBoxes } from './catalogue.ts';
import { buyBox, listUserBoxes, listUserPrizes, openBox, type PlayerScope, sellBox, sellPrize } from './player.ts';
import { toBoxView, toPrizeView } from './present.ts';
import { verifyUserBox, verifyWithSeeds } from './verify.ts';

/**
 * The mystery boxes' calls (issue 19, src/contract/boxes.ts), under `/api`;
 * a tenant with `hasBoxes` off answers every one 404 `feature_disabled`:
 * - `GET /boxes/all`, `GET /boxes/get/{id|slug}/prizes` (anyone);
 * - `GET /boxes/user/get`, `GET /prizes/user` (auth);
 * - `POST /boxes/buy {box_id}`, `/boxes/open {box_id}`, `/boxes/sell {id}`,
 *   `/prizes/sell {id}` (auth; `Idempotency-Key` honoured);
 * - `GET /boxes/verify?…` (anyone with seeds; `user_box_id` needs the owner).
 */
export function boxRoutes(deps: { db: Db; log: Logger }): Hono<AppEnv> {
  const { db, log } = deps;
  const scopeOf = (c: { get(key: 'tenant'): AppEnv['Variables']['tenant']; get(key: 'actor'): AppEnv['Variables']['actor'] }): PlayerScope => {
    const tenant = c.get('tenant');
    return { tenantId: tenant.id, config: tenant.config, userId: userActor(c.get('actor')).userId };
  };
  const enabled = async (c: { get(key: 'tenant'): AppEnv['Variables']['tenant']; header(name: string, value: string): void }, next: () => Promise<void>) => {
    assertBoxesEnabled(c.get('tenant').config);
    await next();
    c.header('Cache-Control', 'no-store');
  };
  return new Hono<AppEnv>()
    .use('/boxes/*', enabled)
    .use('/prizes/*', enabled)
    .get('/boxes/all', async (c) => {
      const tenant = c.get('tenant');
      const list = await listBoxes(db, tenant.id, { activeOnly: true });
      return c.json({ data: list.map((entry) => toBoxView(entry, tenant.config.is_regulated)) });
    })
    .get('/boxes/get/:id/prizes', async (c) => {
      const tenant = c.get('tenant');
      const entry = await getBox(db, tenant.id, c.req.param('id'), { activeOnly: true });
      return c.json({ box: toBoxView(entry, tenant.config.is_regulated), prizes: entry.prizes.map(toPrizeView) });
    })
    .get('/boxes/user/get', requireUser, async (c) => c.json({ data: await listUserBoxes(db, scopeOf(c)) }))
    .get('/prizes/user', requireUser, async (c) => c.json({ data: await listUserPrizes(db, scopeOf(c)) }))
    .get('/boxes/verify', async (c) => {
      const query = v.parse(BoxVerifyQuerySchema, c.req.query());
      const tenant = c.get('tenant');
      if ('user_box_id' in query) return c.json(await verifyUserBox(db, { tenantId: tenant.id, userId: userActor(c.get('actor')).userId }, query.user_box_id));
      return c.json(await verifyWithSeeds(db, tenant.id, query));
    })
    .post('/boxes/buy', requireUser, async (c) => {
      const body = await readBody(c, BuyBoxSchema);
      const scope = scopeOf(c);
      return idempotent(c, deps, body, async (money) => ({ status: 200, body: await buyBox(money.db, scope, body.box_id, log) }));
    })
    .post('/boxes/open', requireUser, async (c) => {
      const body = await readBody(c, OpenBoxSchema);
      const scope = scopeOf(c);
      return idempotent(c, deps, body, async (money) => ({ status: 200, body: await openBox(money.db, scope, body.box_id) }));
    })
    .post('/boxes/sell', requireUser, async (c) => {
      const body = await readBody(c, SellBoxSchema);
      const scope = scopeOf(c);
      return idempotent(c, deps, body, async (money) => ({ status: 200, body: await sellBox(money.db, scope, body.id, log) }));
    })
    .post('/prizes/sell', requireUser, async (c) => {
      const body = await readBody(c, SellPrizeSchema);
      const scope = scopeOf(c);
      return idempotent(c, deps, body, async (money) => ({ status: 200, body: await sellPrize(money.db, scope, body.id, log) }));
    });
}
