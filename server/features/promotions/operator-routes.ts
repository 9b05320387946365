import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../db/open.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { requireOperator } from '../operator/auth.ts';
import { findPromotion, listTenantPromotions } from './list-promotions.ts';
import { PROMOTION_MESSAGES } from './messages.ts';
import { toOperatorPromotion } from './present.ts';
import { deletePromotion, parsePromotionSlug, patchPromotion, savePromotion } from './save-promotion.ts';

/**
 * The operator's promotions (operator key, the key's own tenant only; `no-store`):
 * - `GET /operator/promotions` → `{ promotions }`, every one (switched off and ended too, each with `live`);
 * - `GET /operator/promotions/{slug}` → `{ promotion }`;
 * - `PUT /operator/promotions/{slug}` → creates (201) or replaces (200) it whole;
 * - `PATCH /operator/promotions/{slug}` → JSON Merge Patch of an existing one;
 * - `DELETE /operator/promotions/{slug}` → 204.
 * Writes are validated whole (422 naming the fields, nothing written) and the
 * body HTML sanitised. The site shows a change after `POST /operator/rebuild`,
 * like every other change of the pre-rendered site.
 */
export function promotionOperatorRoutes(deps: { db: Db }): Hono<AppEnv> {
  const { db } = deps;
  const noStore = async (c: { header(name: string, value: string): void }, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  return new Hono<AppEnv>()
    .use('/promotions', requireOperator(db), noStore)
    .use('/promotions/*', requireOperator(db), noStore)
    .get('/promotions', async (c) => {
      const now = new Date();
      const rows = await listTenantPromotions(db, c.get('tenant').id);
      return c.json({ promotions: rows.map((row) => toOperatorPromotion(row, now)) });
    })
    .get('/promotions/:slug', async (c) => {
      const row = await findPromotion(db, c.get('tenant').id, parsePromotionSlug(c.req.param('slug')));
      if (!row) throw new NotFoundError('promotion_not_found', { message: PROMOTION_MESSAGES.notFound });
      return c.json({ promotion: toOperatorPromotion(row, new Date()) });
    })
    .put('/promotions/:slug', async (c) => {
      const { row, created } = await savePromotion(db, c.get('tenant').id, c.req.param('slug'), await readBody(c, v.unknown()));
      return c.json({ promotion: toOperatorPromotion(row, new Date()) }, created ? 201 : 200);
    })
    .patch('/promotions/:slug', async (c) => {
      const patch = await readBody(c, v.unknown());
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
        throw new BadRequestError('invalid_patch', { message: PROMOTION_MESSAGES.patchNotObject });
      }
      const row = await patchPromotion(db, c.get('tenant').id, c.req.param('slug'), patch);
      return c.json({ promotion: toOperatorPromotion(row, new Date()) });
    })
    .delete('/promotions/:slug', async (c) => {
      await deletePromotion(db, c.get('tenant').id, c.req.param('slug'));
      return c.body(null, 204);
    });
}
