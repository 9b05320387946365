import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '../../../../src/contract/documents.ts';
import { type Player, SORTE_KEY, type WithdrawalHarness, withdrawalHarness } from './helpers.ts';

/**
 * Issue 17: while the tenant's `kyc` is on (every demo tenant), a withdrawal
 * waits for approved identity documents; the refusal names the verification
 * page; the player's documents go through the real upload and review.
 */
let h: WithdrawalHarness;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kyc-withdrawal-'));
  h = await withdrawalHarness({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await h.close();
  await rm(dataDir, { recursive: true, force: true });
});

const fixture = (name: string) => readFile(join(import.meta.dirname, '../../../fixtures/documents', name));
const request = (p: Player, methodId: number, lang = 'en') => h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 2_000, method_id: methodId }, lang });

async function upload(p: Player, type: string, file: string): Promise<DocumentView> {
  const form = new FormData();
  form.set('type', type);
  form.set('document', new File([await fixture(file)], file));
  const res = await h.app.request('/api/documents/upload', { method: 'POST', headers: { host: 'localhost', authorization: `Bearer ${p.token}` }, body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as DocumentView;
}

describe('withdrawals wait for approved documents while kyc is on', () => {
  it('refuses until identity front, back and selfie are approved, with a code and the verification page, then allows it', async () => {
    const p = await h.player({ documents: 'none' });
    await h.deposit(p.id, 10_000);
    const methodId = await h.method(p);

    const refused = await request(p, methodId, 'pt-BR');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'documents_required', verification_url: '/user/edit/verification' });
    expect(refused.body.message).toMatch(/^Para sacar, envie seus documentos/);
    expect((await request(p, methodId)).body.message).toMatch(/^To withdraw, send your documents/);
    expect((await h.money(p.id)).balance).toBe(10_000n);

    const docs = [await upload(p, 'identity_front', 'identity-front.jpg'), await upload(p, 'identity_back', 'identity-back.png')];
    const selfie = await upload(p, 'selfie', 'selfie.jpg');
    for (const doc of docs) expect((await h.operator('POST', `/documents/${doc.id}/approve`, 'demo-key-localhost')).status).toBe(200);
    // Two of three approved, the selfie pending: still refused.
    expect((await request(p, methodId)).status).toBe(403);
    const reject = await h.operator('POST', `/documents/${selfie.id}/reject`, 'demo-key-localhost', { reason: 'Rosto cortado' });
    expect(reject.status).toBe(200);
    expect((await request(p, methodId)).status).toBe(403);

    const again = await upload(p, 'selfie', 'selfie.jpg');
    expect((await h.operator('POST', `/documents/${again.id}/approve`, 'demo-key-localhost')).status).toBe(200);
    const made = await request(p, methodId);
    expect(made.status).toBe(201);
    expect((await h.money(p.id)).balance).toBe(8_000n);
  });

  it('a tenant with kyc off lets an unverified player withdraw', async () => {
    const patched = await h.operator('PATCH', '/site-config', SORTE_KEY, { kyc: false });
    expect(patched.status).toBe(200);
    const p = await h.player({ documents: 'none', tenantId: h.tenants.sorte });
    await h.deposit(p.id, 10_000, h.tenants.sorte);
    const methodId = (
      (await h.call('POST', '/wallet/withdraw/method', { token: p.token, host: 'sorte.localhost', body: { type: 'cpf', key: p.cpf } })).body.method as { id: number }
    ).id;
    const made = await h.call('POST', '/wallet/withdraw/request', { token: p.token, host: 'sorte.localhost', body: { amount: 2_000, method_id: methodId } });
    expect(made.status).toBe(201);
  });
});
