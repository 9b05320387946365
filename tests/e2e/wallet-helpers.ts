import { createHmac } from 'node:crypto';
import { expect } from '@playwright/test';

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
