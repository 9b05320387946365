import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../../db/open.ts';
import { requireUser } from '../../../http/actor.ts';
import { parseJsonText, readBody } from '../../../http/body.ts';
import type { AppEnv } from '../../../http/context.ts';
import { DomainError, NotFoundError, UnauthorizedError } from '../../../http/errors.ts';
import { messageLocale } from '../../../http/messages.ts';
import { userActor } from '../../auth/routes.ts';
import { depositStatusOf, findOwnCharge } from '../deposit-status.ts';
import { PAYMENT_MESSAGES } from '../messages.ts';
import { PIX_LOCATION_PATH } from '../pix/location.ts';
import { pixCharges } from '../schema.ts';
import { cobPayload, createLocationSigner, jwksUrlOf, SANDBOX_JWKS_PATH } from './location.ts';
import type { Psp } from '../psp.ts';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '../signature.ts';
import type { SandboxPsp } from './sandbox-psp.ts';

const PayBody = v.object({
  txid: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,35}$/)),
  cpf: v.optional(v.pipe(v.string(), v.regex(/^\d{11}$/))),
});

/** True when the configured PSP is the built-in sandbox (the only one that can be "paid" on demand). */
export function isSandboxPsp(psp: Psp): psp is SandboxPsp {
  return typeof (psp as Partial<SandboxPsp>).settle === 'function';
}

/**
 * `POST /pix/sandbox/pay {txid, cpf?}`: the sandbox's "bank" — pays a charge
 * inside the running platform (so `npm run pix:pay` works whatever the
 * database, including the embedded PGlite that only one process can open).
 * Signed like the webhook (HMAC of the body with PIX_WEBHOOK_SECRET): only
 * whoever holds the PSP's secret can pay. The payment is recorded before the
 * webhook is tried; `webhookStatus` is the first attempt's status (0: no
 * answer), and an unacknowledged webhook is retried by the sandbox.
 */
export function sandboxPayRoutes(sandbox: SandboxPsp, webhookSecret: string): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/pix/sandbox/pay', async (c) => {
    const raw = await c.req.text();
    if (!verifyWebhook(raw, c.req.header(WEBHOOK_SIGNATURE_HEADER), webhookSecret)) {
      throw new UnauthorizedError('invalid_signature', { message: PAYMENT_MESSAGES.invalidSignature });
    }
    const { txid, cpf } = parseJsonText(raw, PayBody);
    if (!(await sandbox.getCharge(txid))) throw new NotFoundError('charge_not_found');
    const { notification, status } = await sandbox.settle(txid, cpf ? { payerCpf: cpf } : {});
    const pix = notification.pix[0];
    return c.json({ txid, endToEndId: pix?.endToEndId, valor: pix?.valor, webhookStatus: status });
  });
}

const TxidParam = /^[A-Za-z0-9]{26,35}$/;

/**
 * The sandbox's payload locations, open to anyone as the standard's are:
 * `GET /pix/qr/{txid}` answers 200 `application/jose`, the charge's payload
 * JSON signed as a compact JWS (see ./location.ts), whatever its status
 * (the standard leaves serving expired or paid charges to the PSP; the
 * payer's app then sees why it cannot pay); 404 `application/problem+json`
 * (`CobPayloadNaoEncontrado`) for a txid the sandbox never issued.
 * `GET /pix/sandbox/jwks.json` is the key set that verifies them.
 */
export function sandboxLocationRoutes(sandbox: SandboxPsp, db: Db, now: () => Date = () => new Date()): Hono<AppEnv> {
  const signer = createLocationSigner();
  return new Hono<AppEnv>()
    .get(`${PIX_LOCATION_PATH}/:txid`, async (c) => {
      const txid = c.req.param('txid');
      const [row] = TxidParam.test(txid) ? await db.select().from(pixCharges).where(eq(pixCharges.txid, txid)) : [];
      const charge = row ? await sandbox.getCharge(txid) : null;
      c.header('Cache-Control', 'no-store');
      if (!row || !charge) {
        c.header('Content-Type', 'application/problem+json');
        // The standard's problem fields for the payer's bank, plus the platform's `message` (an extension member) in the caller's language.
        const message = PAYMENT_MESSAGES.chargeNotFound[messageLocale(c.req.header('accept-language'))];
        return c.body(
          JSON.stringify({
            type: 'https://pix.bcb.gov.br/api/v2/error/CobPayloadNaoEncontrado',
            title: 'Cobrança não encontrada',
            status: 404,
            detail: 'Nenhuma cobrança nesta location.',
            message,
          }),
          404,
        );
      }
      const jws = signer.sign(cobPayload(row, charge.status, now()), jwksUrlOf(row.location));
      c.header('Content-Type', 'application/jose');
      return c.body(jws, 200);
    })
    .get(SANDBOX_JWKS_PATH, (c) => c.json(signer.jwks()));
}

const OwnPayBody = v.object({ txid: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,35}$/)) });

/**
 * `POST /pix/sandbox/pay-own {txid}`: the demo's "Pagar no sandbox" button.
 * The logged-in player's own waiting charge on this tenant is paid by the
 * sandbox "bank" from the charge's CPF, exactly as `/pix/sandbox/pay` does
 * (payment recorded, signed webhook delivered), without the browser ever
 * holding the PSP's secret: the session and the ownership check stand in
 * for the signature. Mounted only with the sandbox PSP outside production
 * mode (app.ts), so a production platform answers 404.
 * @throws NotFoundError 404 for a charge that is not the player's.
 * @throws DomainError 409 `charge_not_waiting` for a charge paid, expired or refunded.
 */
export function sandboxDemoPayRoutes(sandbox: SandboxPsp, db: Db, now: () => Date): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/pix/sandbox/pay-own', requireUser, async (c) => {
    const { txid } = await readBody(c, OwnPayBody);
    const row = await findOwnCharge(db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, txid });
    const psp = await sandbox.getCharge(txid);
    if (depositStatusOf(row, now()) !== 'waiting_payment' || psp?.status !== 'ATIVA') {
      throw new DomainError('charge_not_waiting', 409, undefined, { message: PAYMENT_MESSAGES.chargeNotWaiting });
    }
    const { status } = await sandbox.settle(txid);
    return c.json({ txid, webhookStatus: status });
  });
}
