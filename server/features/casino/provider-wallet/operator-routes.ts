import { Hono } from 'hono';
import * as v from 'valibot';
import { PageQuerySchema } from '../../../../src/contract/wallet.ts';
import type { Db } from '../../../db/open.ts';
import type { AppEnv } from '../../../http/context.ts';
import { requireOperator } from '../../operator/auth.ts';
import { PROVIDER_WIN_STATUSES } from '../schema.ts';
import { listProviderWins, providerWinView, reviewProviderWin } from './held-wins.ts';
import { type ProviderEventsDeps, publishProviderMovement } from './publish.ts';

const ListQuery = v.object({
  status: v.optional(v.picklist(PROVIDER_WIN_STATUSES, `must be one of ${PROVIDER_WIN_STATUSES.join(', ')}`)),
  ...PageQuerySchema.entries,
});
const IdParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'must be a held win id'), v.transform(Number));

/**
 * The operator's review of aggregator wins held above a game's maximum
 * multiplier, under `/operator/provider-wins` (the key's own tenant only):
 * `GET ?status=held|approved|rejected|rolled_back&page`, `POST /{id}/approve`
 * (credited once through the ledger, the player's balance announced) and
 * `POST /{id}/reject` (nothing moves). Answers `{ win }` after a review.
 */
export function providerWinOperatorRoutes(deps: { db: Db; events?: ProviderEventsDeps }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use(requireOperator(deps.db))
    .get('/', async (c) => {
      const q = v.parse(ListQuery, {
        status: c.req.query('status'),
        page: c.req.query('page'),
      });
      return c.json(
        await listProviderWins(deps.db, {
          tenantId: c.get('tenant').id,
          status: q.status ?? null,
          page: q.page,
        }),
      );
    })
    .post('/:id/:decision{approve|reject}', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      const tenant = c.get('tenant');
      const decision = c.req.param('decision') === 'approve' ? 'approve' : 'reject';
      const { win, moved } = await reviewProviderWin(deps.db, {
        tenantId: tenant.id,
        id,
        decision,
        ...(deps.events ? { log: deps.events.log } : {}),
      });
      if (moved && deps.events)
        await publishProviderMovement(deps.events, {
          tenant,
          provider: win.provider,
          userId: win.userId,
        });
      return c.json({ win: await providerWinView(deps.db, tenant.id, id) });
    });
}
