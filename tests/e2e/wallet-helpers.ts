import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { registerPlayer, type TestPlayer } from './accounts-helpers.ts';
import { tenantApi } from './tenant-api.ts';

/**
 * The sandbox PSP's "bank" as seen from a test: pays a Pix charge of the
 * running product (`POST /api/pix/sandbox/pay`, signed with the development
 * webhook secret the e2e product runs with), which then delivers the signed
 * webhook to the platform exactly as a real PSP would.
 */
const PORT = Number(process.env.E2E_PORT ?? 4391);
const SECRET = 'development-pix-webhook-secret';

export async function payPixCharge(txid: string, cpf?: string): Promise<void> {
  const body = JSON.stringify(cpf ? { txid, cpf } : { txid });
  const response = await fetch(`http://127.0.0.1:${PORT}/api/pix/sandbox/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}` },
    body,
  });
  const answer = (await response.json()) as { webhookStatus?: number };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  expect(answer.webhookStatus).toBe(200);
}

/**
 * A new player of the `localhost` tenant with R$ 100,00 deposited through the real Pix path (charge, then the sandbox PSP pays it),
 * or one deposit per amount of `deposits` (centavos, each within the tenant's deposit limits).
 */
export async function fundedPlayer(request: APIRequestContext, name?: string, deposits: number[] = [10_000]): Promise<TestPlayer> {
  const player = await registerPlayer(request, 'localhost', name);
  for (const amount of deposits) {
    const charge = await tenantApi('localhost', '/main-gateway/qrcode-pix', { body: { amount }, token: player.token });
    expect(charge.status).toBe(200);
    await payPixCharge(((await charge.json()) as { txid: string }).txid);
  }
  return player;
}
