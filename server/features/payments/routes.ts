import { Hono } from 'hono';
import * as v from 'valibot';
import { CentavosSchema } from '../../../src/contract/money.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { idempotent } from '../../http/idempotency.ts';
import { messageLocale } from '../../http/messages.ts';
import { userActor } from '../auth/routes.ts';
import { createDeposit } from './create-deposit.ts';
import type { PaymentsDeps } from './deps.ts';
import { depositStatusOf, findOwnCharge, refundMessage } from './deposit-status.ts';
import { PixWebhookSchema, receivePix } from './receive-pix.ts';
import { readSignedWebhook } from './signed-webhook.ts';

const DepositBody = v.object({ amount: CentavosSchema });
const StatusBody = v.object({ txid: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,35}$/)) });

/** The player's deposit calls (section 7), mounted behind the tenant and actor middleware. */
export function depositRoutes(deps: PaymentsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post('/main-gateway/qrcode-pix', requireUser, async (c) => {
      const body = await readBody(c, DepositBody);
      return idempotent(c, deps, body, async ({ db }) => {
        const row = await createDeposit({ ...deps, db }, { tenant: c.get('tenant'), userId: userActor(c.get('actor')).userId, amount: body.amount });
        return { status: 200, body: { txid: row.txid, qrcode: row.pixCopiaECola, amount: Number(row.amount), expires_at: row.expiresAt.toISOString(), show: true, sandbox_pay: deps.demoPay } };
      });
    })
    .post('/main-gateway/consult-status-transaction', requireUser, async (c) => {
      const { txid } = await readBody(c, StatusBody);
      const row = await findOwnCharge(deps.db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, txid });
      const status = depositStatusOf(row, deps.now());
      const why = refundMessage(row);
      c.header('Cache-Control', 'no-store');
      return c.json({ status, ...(why ? { reason: row.refundReason, message: why[messageLocale(c.req.header('accept-language'))] } : {}) });
    });
}

/**
 * `POST /pix/webhook`, called by the PSP (not by a tenant site, so mounted
 * outside the tenant middleware). 401 unless `X-Webhook-Signature` is the
 * HMAC of the raw body; 422 for a body that is not the standard's
 * `{ pix: [...] }`; otherwise 200 `{ received: n }` with every item applied
 * once (see `receivePix`: unknown or already settled charges are ignored, so
 * the PSP stops retrying).
 */
export function pixWebhookRoutes(deps: PaymentsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/pix/webhook', async (c) => {
    const { pix } = await readSignedWebhook(c, deps.webhookSecret, PixWebhookSchema);
    for (const item of pix) {
      const outcome = await receivePix(deps, item);
      if (outcome.kind !== 'credited') deps.log.info(`pix webhook: ${item.endToEndId} ${outcome.kind} (${'reason' in outcome ? outcome.reason : ''})`);
    }
    return c.json({ received: pix.length });
  });
}
