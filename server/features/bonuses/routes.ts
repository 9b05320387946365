import { Hono } from 'hono';
import { type CheckCouponAnswer, CheckCouponSchema } from '../../../src/contract/bonuses.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { messageLocale } from '../../http/messages.ts';
import { userActor } from '../auth/routes.ts';
import { getWallet, toWalletView } from '../wallet/wallet.ts';
import { toFreeRoundsView } from '../free-rounds/list.ts';
import { listCoupons } from './list-coupons.ts';
import { redeemedMessage } from './messages.ts';
import { toPlayerBonusView } from './present.ts';
import { redeemCoupon } from './redeem-coupon.ts';

/**
 * The player's coupon calls of section 3, under `/api`:
 * - `GET /bonuses/coupons` → CouponsAnswer (visitors see the public codes, without redemptions);
 * - `POST /bonuses/check-coupon {coupon}` (auth) → 200 CheckCouponAnswer when the code was valid
 *   and is now redeemed; 422/409/403 with `message` (and `code`) when refused, nothing redeemed.
 */
export function couponRoutes(deps: { db: Db }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/bonuses/coupons', async (c) => {
      const actor = c.get('actor');
      const tenant = c.get('tenant');
      c.header('Cache-Control', 'no-store');
      return c.json(await listCoupons(deps.db, { tenantId: tenant.id, regulated: tenant.config.is_regulated, userId: actor?.kind === 'user' ? actor.userId : null }));
    })
    .post('/bonuses/check-coupon', requireUser, async (c) => {
      const { coupon: code } = await readBody(c, CheckCouponSchema);
      const tenant = c.get('tenant');
      const { userId } = userActor(c.get('actor'));
      const redeemed = await redeemCoupon(deps.db, { tenant, userId, code });
      const locale = messageLocale(c.req.header('Accept-Language'));
      const answer: CheckCouponAnswer = {
        coupon: redeemed.coupon.code,
        status: 'valid',
        message: redeemedMessage(redeemed.reward, redeemed.bonus?.expiresAt ?? redeemed.freeRounds?.expiresAt ?? null, locale),
        reward: redeemed.reward,
        bonus: redeemed.bonus ? toPlayerBonusView(redeemed.bonus, redeemed.coupon.code) : null,
        free_rounds: redeemed.freeRounds ? toFreeRoundsView(redeemed.freeRounds, redeemed.coupon.code) : null,
        wallet: toWalletView(await getWallet(deps.db, tenant.id, userId)),
      };
      return c.json(answer);
    });
}
