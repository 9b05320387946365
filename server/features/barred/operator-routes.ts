import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../http/context.ts';
import { ValidationError } from '../../http/errors.ts';
import { requireOperator } from '../operator/auth.ts';
import type { BarredDeps } from './deps.ts';
import { checkPlayerNow, listBarred } from './operator.ts';

const UserId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number));

/**
 * The operator's view of the barred-bettor check (operator key, the key's
 * tenant only; `no-store`):
 * - `GET /operator/barred` → `{ players: BarredView[] }`: barred now, the soonest closing first;
 * - `POST /operator/barred/{user_id}/check` → `{ player: BarredView }`: asks the regulator now.
 */
export function barredOperatorRoutes(deps: BarredDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use('/barred', requireOperator(deps.db))
    .use('/barred/*', requireOperator(deps.db))
    .use('/barred', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .use('/barred/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/barred', async (c) => c.json({ players: await listBarred(deps, c.get('tenant').id) }))
    .post('/barred/:userId/check', async (c) => {
      const parsed = v.safeParse(UserId, c.req.param('userId'));
      if (!parsed.success) throw new ValidationError({ user_id: ['validation.generic'] });
      return c.json({ player: await checkPlayerNow(deps, { tenantId: c.get('tenant').id, userId: parsed.output }) });
    });
}
