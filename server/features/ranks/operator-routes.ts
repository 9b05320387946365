import { Hono } from 'hono';
import * as v from 'valibot';
import { RankTableSchema, VipRateSchema } from '../../../src/contract/ranking.ts';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { assertBonusAllowed } from '../bonuses/regulated.ts';
import { requireOperator } from '../operator/auth.ts';
import { patchTenantConfig } from '../tenants/update-config.ts';
import { listRankUps, vipRateOf } from './ranking.ts';
import { listRanks, replaceRanks } from './table.ts';

const toOperatorRank = (r: Awaited<ReturnType<typeof listRanks>>[number]) => ({ level: r.level, name: r.name, totalBet: r.totalBet, image: r.image, reward: r.reward ?? null });

/**
 * The operator's ranks (issue 18), under `/operator/ranks` behind
 * `requireOperator` (the key's own tenant only):
 * - `GET /operator/ranks`: the table (with rewards) and the VIP rate;
 * - `PUT /operator/ranks {ranks}`: replaces the whole table, validated
 *   (levels 1..n contiguous, level 1 at 0, thresholds strictly increasing,
 *   names in both languages, reward vip_points or bonus); 422 changes nothing;
 *   a bonus reward on a regulated tenant is 403 `bonus_not_allowed`;
 * - `PUT /operator/ranks/vip-rate {vip_points_per_100}`: the VIP points rate,
 *   written into the site configuration and validated with it;
 * - `GET /operator/ranks/reached?page=`: who reached which level, newest first.
 */
export function rankOperatorRoutes(deps: { db: Db }): Hono<AppEnv> {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use('/ranks', requireOperator(db))
    .use('/ranks/*', requireOperator(db))
    .use('/ranks/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/ranks', async (c) => {
      c.header('Cache-Control', 'no-store');
      const tenant = c.get('tenant');
      return c.json({ ranks: (await listRanks(db, tenant.id)).map(toOperatorRank), vip_points_per_100: vipRateOf(tenant.config) });
    })
    .put('/ranks', async (c) => {
      c.header('Cache-Control', 'no-store');
      const { ranks } = await readBody(c, RankTableSchema);
      // A rank paying bonus money is an advantage to bet with (Lei 14.790 art. 29): refused on a regulated tenant; VIP points stay.
      if (ranks.some((rank) => rank.reward?.kind === 'bonus')) assertBonusAllowed(c.get('tenant').config);
      return c.json({ ranks: (await replaceRanks(db, c.get('tenant').id, ranks)).map(toOperatorRank) });
    })
    .put('/ranks/vip-rate', async (c) => {
      const body = await readBody(c, VipRateSchema);
      const config = await patchTenantConfig(db, c.get('tenant').id, { vip_points_per_100: body.vip_points_per_100 });
      return c.json({ vip_points_per_100: vipRateOf(config) });
    })
    .get('/ranks/reached', async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      return c.json(await listRankUps(db, { tenantId: c.get('tenant').id, page }));
    });
}
