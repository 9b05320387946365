import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '../../../../server/config.ts';
import { type RunningPlatform, startPlatform } from '../../../../server/main.ts';

/**
 * `npm run pix:pay -- <txid>` against the platform as `npm start` runs it:
 * a player registers and asks for a Pix deposit over HTTP, the command pays
 * it through the sandbox, whose signed webhook credits the wallet.
 */
const run = promisify(execFile);
let platform: RunningPlatform;
let sitesDir: string;
let base: string;

/** A port free right now: the sandbox's webhook URL is derived from PORT, so it must be known before start. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'pix-pay-'));
  const port = String(await freePort());
  const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: port, SITES_DIR: sitesDir, DEV_OUTBOX: 'true' });
  platform = await startPlatform({ ...config, realtime: { ...config.realtime, port: 0 } }, { buildMissingSites: false });
  base = `http://127.0.0.1:${platform.port}/api`;
}, 60_000);

afterAll(async () => {
  await platform.close();
  await rm(sitesDir, { recursive: true, force: true });
});

async function call<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Origin: 'http://localhost', 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function registeredPlayerToken(): Promise<string> {
  const phone = '+5511987650001';
  await call('/auth/verify-phone', { phone });
  const outbox = await call<{ data: { text: string }[] }>(`/dev/outbox?to=${encodeURIComponent(phone)}`);
  const code = outbox.data[0]!.text.match(/\b(\d{6})\b/)![1];
  const { verification_token } = await call<{ verification_token: string }>('/auth/verify-code', { channel: 'phone', destination: phone, code });
  const { token } = await call<{ token: string }>('/auth/register', {
    gender: 'female',
    marital_status: 'single',
    name: 'Luana Pix',
    username: phone,
    phone_verification_token: verification_token,
    email: 'luana@ex.com',
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    cpf: '52998224725',
    adult: true,
    terms: true,
  });
  return token;
}

describe('npm run pix:pay', () => {
  it('pays a deposit of the running platform and the wallet is credited once', async () => {
    const token = await registeredPlayerToken();
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
