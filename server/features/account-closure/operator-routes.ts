import { Hono } from 'hono';
import * as v from 'valibot';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireOperator } from '../operator/auth.ts';
import { listClosures } from './list-closures.ts';

const OwedQuery = v.optional(v.picklist(['1', 'true']));

/**
 * `GET /api/operator/account-closures?page=N[&owed=1]` (operator key): the
 * key's tenant's closed accounts, newest first, with what each wallet still
 * holds; `owed=1` lists only those holding money, the balances owed to
 * closed accounts' players.
 */
export function accountClosureOperatorRoutes(deps: { db: Db }): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/account-closures', requireOperator(deps.db), async (c) => {
    const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
    const owed = v.parse(OwedQuery, c.req.query('owed')) !== undefined;
    c.header('Cache-Control', 'no-store');
    return c.json(await listClosures(deps.db, { tenantId: c.get('tenant').id, page, owed }));
  });
}
