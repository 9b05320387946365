import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { CentavosSchema } from '../../../src/contract/money.ts';
import { VALIDATION_KEYS } from '../../../src/contract/validation/keys.ts';
import { PageQuerySchema, PIX_KEY_TYPES, WithdrawalStatus } from '../../../src/contract/wallet.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { idempotent } from '../../http/idempotency.ts';
import { messageLocale } from '../../http/messages.ts';
import { userActor } from '../auth/routes.ts';
import { readSignedWebhook } from '../payments/signed-webhook.ts';
import { cancelWithdrawal } from './cancel-withdrawal.ts';
import type { WithdrawalsDeps } from './deps.ts';
import { dispatchWithdrawal } from './dispatch.ts';
import { WithdrawalRefusal } from './errors.ts';
import { listWithdrawals, withdrawalView } from './list-withdrawals.ts';
import { listMethods, registerMethod } from './methods.ts';
import { toMethodView, toWithdrawalView } from './present.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { PayoutWebhookSchema, settlePayout } from './settle-payout.ts';

/** A database id: a positive safe integer (JSON number). */
export const IdSchema = v.pipe(v.number(VALIDATION_KEYS.generic), v.safeInteger(VALIDATION_KEYS.generic), v.minValue(1, VALIDATION_KEYS.generic));

const MethodBody = v.object({
  type: v.picklist(PIX_KEY_TYPES, VALIDATION_KEYS.generic),
  key: v.pipe(v.string(VALIDATION_KEYS.generic), v.maxLength(200, VALIDATION_KEYS.generic)),
});
const RequestBody = v.object({ amount: CentavosSchema, method_id: IdSchema });
const CancelBody = v.object({ id: IdSchema });

/** Runs a service call; a field refusal comes out with its field error in the caller's language. */
async function inCallerLanguage<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WithdrawalRefusal) throw error.inLocale(messageLocale(c.req.header('accept-language')));
    throw error;
  }
}

/** The player's withdrawal calls (section 7), mounted behind the tenant and actor middleware. */
export function withdrawalRoutes(deps: WithdrawalsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/wallet/withdraw/methods', requireUser, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listMethods(deps.db, c.get('tenant'), userActor(c.get('actor')).userId));
    })
    .post('/wallet/withdraw/method', requireUser, async (c) => {
      const body = await readBody(c, MethodBody);
      const { method, created } = await inCallerLanguage(c, () =>
        registerMethod(deps, { tenant: c.get('tenant'), userId: userActor(c.get('actor')).userId, type: body.type, key: body.key }),
      );
      return c.json({ method: toMethodView(method) }, created ? 201 : 200);
    })
    .post('/wallet/withdraw/request', requireUser, async (c) => {
      const body = await readBody(c, RequestBody);
      return idempotent(c, deps, body, async ({ db, later }) => {
        const made = await inCallerLanguage(c, () =>
          requestWithdrawal(
            { ...deps, db, publish: later(deps.publish) },
            { tenant: c.get('tenant'), userId: userActor(c.get('actor')).userId, amount: body.amount, methodId: body.method_id },
          ),
        );
        if (deps.holdSeconds === 0 && made.withdrawal.status === WithdrawalStatus.Pending) {
          // No hold: send it once committed rather than at the worker's next pass (which retries if this fails).
          await later(async () => {
            void dispatchWithdrawal(deps, made.withdrawal.id).catch((error: unknown) => deps.log.warn(`withdrawals: immediate dispatch of ${made.withdrawal.id} failed`, error));
          })();
        }
        return { status: 201, body: { withdrawal: toWithdrawalView(made.withdrawal, made.method, deps.holdSeconds), wallet: made.wallet } };
      });
    })
    .post('/main-gateway/user-cancel-withdrawal', requireUser, async (c) => {
      const body = await readBody(c, CancelBody);
      return idempotent(c, deps, body, async ({ db, later }) => {
        const done = await inCallerLanguage(c, () =>
          cancelWithdrawal({ ...deps, db, publish: later(deps.publish) }, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, id: body.id }),
        );
        return { status: 200, body: { withdrawal: await withdrawalView(db, done.withdrawal.id), wallet: done.wallet } };
      });
    })
    .get('/wallet/withdrawals', requireUser, async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      c.header('Cache-Control', 'no-store');
      return c.json(await listWithdrawals(deps.db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, page, holdSeconds: deps.holdSeconds }));
    });
}

/**
 * `POST /pix/webhook/payouts`, called by the PSP with payout results (so
 * mounted outside the tenant middleware). 401 unless `X-Webhook-Signature`
 * is the HMAC of the raw body (as `/pix/webhook`); 422 for a body that is not
 * `{ pagamentos: [...] }`; otherwise 200 `{ received: n }` with every item
 * applied once (see `settlePayout`: unknown or settled payouts are ignored,
 * so the PSP stops retrying).
 */
export function payoutWebhookRoutes(deps: WithdrawalsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/pix/webhook/payouts', async (c) => {
    const { pagamentos } = await readSignedWebhook(c, deps.webhookSecret, PayoutWebhookSchema);
    for (const item of pagamentos) {
      const outcome = await settlePayout(deps, { payoutId: item.idEnvio, status: item.status, endToEndId: item.endToEndId, reason: item.motivo });
      if (outcome.kind === 'ignored') deps.log.info(`payout webhook: ${item.idEnvio} ignored (${outcome.reason})`);
    }
    return c.json({ received: pagamentos.length });
  });
}
