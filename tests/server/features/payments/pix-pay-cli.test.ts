import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../../server/main.ts';
import { type ApiCall, apiCaller, freePort, registeredPlayerToken, startTestPlatform } from '../../helpers/running-platform.ts';

/**
 * `npm run pix:pay -- <txid>` against the platform as `npm start` runs it:
 * a player registers and asks for a Pix deposit over HTTP, the command pays
 * it through the sandbox, whose signed webhook credits the wallet.
 */
const run = promisify(execFile);
let platform: RunningPlatform;
let sitesDir: string;
let base: string;
let call: ApiCall;

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'pix-pay-'));
  platform = await startTestPlatform(await freePort(), { SITES_DIR: sitesDir });
  base = `http://127.0.0.1:${platform.port}/api`;
  call = apiCaller(platform.port);
}, 60_000);

afterAll(async () => {
  await platform.close();
  await rm(sitesDir, { recursive: true, force: true });
});

describe('npm run pix:pay', () => {
  it('pays a deposit of the running platform and the wallet is credited once', async () => {
    const token = await registeredPlayerToken(call, { phone: '+5511987650001', cpf: '52998224725', email: 'luana@ex.com' });
    const { txid } = await call<{ txid: string }>('/main-gateway/qrcode-pix', { amount: 5000 }, token);
    const env = { ...process.env, PORT: String(platform.port), LOG_LEVEL: 'silent' };
    const paid = await run(process.execPath, ['scripts/pix-pay.ts', txid], { env });
    expect(paid.stdout).toContain('R$ 50.00');
    expect(await call('/main-gateway/consult-status-transaction', { txid }, token)).toMatchObject({ status: 'paid' });
    expect(await call('/profile/wallet', undefined, token)).toEqual({ wallet: { balance: 5000, balance_withdrawal: 5000, deposit_count: 1 } });

    // Paying again delivers a second, different Pix for a settled charge: nothing more is credited.
    await run(process.execPath, ['scripts/pix-pay.ts', txid], { env }).catch(() => undefined);
    expect(await call('/profile/wallet', undefined, token)).toMatchObject({ wallet: { balance: 5000 } });
  });

  it('refuses to pay without the PSP secret', async () => {
    const response = await fetch(`${base}/pix/sandbox/pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"txid":"abc"}' });
    expect(response.status).toBe(401);
  });
});
