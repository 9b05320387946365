import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../../../server/features/payments/signature.ts';
import { apiCaller, freePort, registeredPlayerToken, startTestPlatform } from '../../helpers/running-platform.ts';

/**
 * A deposit paid while the platform's webhook is unreachable is credited by
 * the next run of the platform on the same embedded database: the sandbox
 * PSP's debt is in the database and `startPlatform` resumes it.
 */
const SECRET = 'restart-webhook-secret-0123456789';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-restart-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Wallet = { wallet: { balance: number; deposit_count: number } };

describe('sandbox PSP across a platform restart', () => {
  it('delivers the webhook owed from the previous run: credited once', async () => {
    const port = await freePort();
    const deadPort = await freePort();
    const env = { DATABASE_URL: join(dir, 'pglite'), SITES_DIR: join(dir, 'sites'), PIX_WEBHOOK_SECRET: SECRET };
    const call = apiCaller(port);

    // First run: the PSP's webhook URL leads nowhere, so the payment is made but not acknowledged.
    const first = await startTestPlatform(port, { ...env, PIX_WEBHOOK_URL: `http://127.0.0.1:${deadPort}/api/pix/webhook` });
    let token: string;
    let txid: string;
    try {
      token = await registeredPlayerToken(call, { phone: '+5511987650002', cpf: '11144477735', email: 'restart@ex.com' });
      ({ txid } = await call<{ txid: string }>('/main-gateway/qrcode-pix', { amount: 4200 }, token));
      const body = JSON.stringify({ txid });
      const paid = await fetch(`http://127.0.0.1:${port}/api/pix/sandbox/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, SECRET) },
        body,
      });
      expect(await paid.json()).toMatchObject({ txid, valor: '42.00', webhookStatus: 0 });
      expect(await call<Wallet>('/profile/wallet', undefined, token)).toMatchObject({ wallet: { balance: 0, deposit_count: 0 } });
    } finally {
      await first.close();
    }

    // Second run on the same data, the webhook URL now right (the default, from PORT).
    const second = await startTestPlatform(port, env);
    try {
      let wallet = await call<Wallet>('/profile/wallet', undefined, token);
      for (let i = 0; i < 100 && wallet.wallet.balance === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        wallet = await call<Wallet>('/profile/wallet', undefined, token);
      }
      expect(wallet).toMatchObject({ wallet: { balance: 4200, deposit_count: 1 } });
      expect(await call('/main-gateway/consult-status-transaction', { txid }, token)).toMatchObject({ status: 'paid' });
    } finally {
      await second.close();
    }
  }, 120_000);
});
