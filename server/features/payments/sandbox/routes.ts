import { Hono } from 'hono';
import * as v from 'valibot';
import { parseJsonText } from '../../../http/body.ts';
import type { AppEnv } from '../../../http/context.ts';
import { NotFoundError, UnauthorizedError } from '../../../http/errors.ts';
import { PAYMENT_MESSAGES } from '../messages.ts';
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
