import { Hono } from 'hono';
import * as v from 'valibot';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { assertBonusAllowed } from '../bonuses/regulated.ts';
import { requireOperator } from '../operator/auth.ts';
import { patchTenantConfig } from '../tenants/update-config.ts';
import { CashbackSettingsPatchSchema, listClaims, listItems, listRuns, RunBodySchema, runForOperator, settingsView } from './operator.ts';

/**
 * The operator's cashback calls under `/api/operator/cashback` (operator
 * key, the key's own tenant): the settings (read; patched and validated with
 * the whole site configuration, 422 naming the field), the items and the
 * claims (who claimed what), the job's runs and a run of one period.
 */
export function cashbackOperatorRoutes(deps: { db: Db; now?: () => Date }): Hono<AppEnv> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const page = (c: { req: { query: (k: string) => string | undefined } }) => v.parse(PageQuerySchema, { page: c.req.query('page') }).page;
  return new Hono<AppEnv>()
    .use('/cashback/*', requireOperator(db))
    .use('/cashback/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/cashback/settings', (c) => c.json({ settings: settingsView(c.get('tenant').config) }))
    .patch('/cashback/settings', async (c) => {
      const patch = await readBody(c, CashbackSettingsPatchSchema);
      // Cash cashback on a regulated tenant is what Lei 14.790 art. 29 forbids: say so instead of storing a setting that never pays.
      if (patch.cashback === true) assertBonusAllowed(c.get('tenant').config);
      return c.json({ settings: settingsView(await patchTenantConfig(db, c.get('tenant').id, patch)) });
    })
    .get('/cashback/items', async (c) => c.json(await listItems(db, { tenantId: c.get('tenant').id, page: page(c) })))
    .get('/cashback/claims', async (c) => c.json(await listClaims(db, { tenantId: c.get('tenant').id, page: page(c) })))
    .get('/cashback/runs', async (c) => c.json(await listRuns(db, { tenantId: c.get('tenant').id, page: page(c) })))
    .post('/cashback/runs', async (c) => {
      const body = await readBody(c, RunBodySchema);
      const tenant = c.get('tenant');
      const run = await runForOperator(db, { tenantId: tenant.id, config: tenant.config, periodStart: body.period_start, immediate: body.immediate, now: now() });
      return c.json({ run }, 201);
    });
}
