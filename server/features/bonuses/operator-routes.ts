import { Hono } from 'hono';
import * as v from 'valibot';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { BadRequestError } from '../../http/errors.ts';
import { requireOperator } from '../operator/auth.ts';
import { createCoupon, findCoupon, listCouponRedemptions, listTenantCoupons, parseCouponCode, updateCoupon } from './manage-coupons.ts';
import { COUPON_MESSAGES } from './messages.ts';
import { toOperatorCoupon } from './present.ts';

/**
 * The operator's coupons (operator key, the key's own tenant only; `no-store`):
 * - `GET /operator/coupons` → `{ coupons }`, all of them with `uses`;
 * - `POST /operator/coupons` → 201 `{ coupon }` (422 naming the fields; 409 for a taken code;
 *   403 `bonus_not_allowed` for bonus money on a regulated tenant);
 * - `GET /operator/coupons/{code}` → `{ coupon }`;
 * - `PATCH /operator/coupons/{code}` → `{ coupon }`, some fields changed (the code stays);
 * - `DELETE /operator/coupons/{code}` → `{ coupon }` switched off (redemptions are kept);
 * - `GET /operator/coupons/{code}/redemptions?page` → who claimed it, newest first.
 */
export function couponOperatorRoutes(deps: { db: Db }): Hono<AppEnv> {
  const { db } = deps;
  const noStore = async (c: { header(name: string, value: string): void }, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  return new Hono<AppEnv>()
    .use('/coupons', requireOperator(db), noStore)
    .use('/coupons/*', requireOperator(db), noStore)
    .get('/coupons', async (c) => c.json({ coupons: (await listTenantCoupons(db, c.get('tenant').id)).map(toOperatorCoupon) }))
    .post('/coupons', async (c) => {
      const row = await createCoupon(db, c.get('tenant'), await readBody(c, v.unknown()));
      return c.json({ coupon: toOperatorCoupon(row) }, 201);
    })
    .get('/coupons/:code', async (c) => c.json({ coupon: toOperatorCoupon(await findCoupon(db, c.get('tenant').id, parseCouponCode(c.req.param('code')))) }))
    .patch('/coupons/:code', async (c) => {
      const code = parseCouponCode(c.req.param('code'));
      const patch = await readBody(c, v.unknown());
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new BadRequestError('invalid_patch', { message: COUPON_MESSAGES.patchNotObject });
      return c.json({ coupon: toOperatorCoupon(await updateCoupon(db, c.get('tenant'), code, patch)) });
    })
    .delete('/coupons/:code', async (c) => {
      const code = parseCouponCode(c.req.param('code'));
      return c.json({ coupon: toOperatorCoupon(await updateCoupon(db, c.get('tenant'), code, { active: false })) });
    })
    .get('/coupons/:code/redemptions', async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      return c.json(await listCouponRedemptions(db, c.get('tenant').id, parseCouponCode(c.req.param('code')), page));
    });
}
