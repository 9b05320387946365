import { Hono } from 'hono';
import { CashbackClaimSchema } from '../../../src/contract/cashback.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { messageLocale } from '../../http/messages.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { Logger } from '../../logger.ts';
import { userActor } from '../auth/routes.ts';
import { claimCashback } from './claim.ts';
import { listPlayerCashback } from './list.ts';

export interface CashbackDeps {
  db: Db;
  log: Logger;
  now?: () => Date;
}

/**
 * The player's cashback calls (spec section 7), under `/api` behind the
 * tenant and actor middleware, logged-in players only: the items with what
 * the windows allow now, and one claim (an `Idempotency-Key` makes a retried
 * click answer the first result).
 */
export function cashbackRoutes(deps: CashbackDeps): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .use('/bonuses/cashback', requireUser)
    .use('/bonuses/cashback/*', requireUser)
    .get('/bonuses/cashback', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listPlayerCashback(deps.db, { tenantId: c.get('tenant').id, config: c.get('tenant').config, userId: userActor(c.get('actor')).userId, now: now() }));
    })
    .post('/bonuses/cashback/claim', async (c) => {
      const body = await readBody(c, CashbackClaimSchema);
      const tenant = c.get('tenant');
      const { userId } = userActor(c.get('actor'));
      return idempotent(c, deps, body, async ({ db }) => ({
        status: 200,
        body: await claimCashback(db, { tenantId: tenant.id, config: tenant.config, userId, itemId: body.cashback_id, now: now(), locale: messageLocale(c.req.header('accept-language')) }),
      }));
    });
}
