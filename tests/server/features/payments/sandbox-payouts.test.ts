import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/db/schema.ts';
import { createSandboxPsp, type SandboxPsp } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { verifyWebhook } from '../../../../server/features/payments/signature.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { PayoutRefusedError } from '../../../../server/features/payments/psp.ts';
import { seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';

const SECRET = 'sandbox-test-secret-000000';
let tdb: TestDatabase;
let delivered: Array<{ url: string; body: string; signed: boolean }>;

function sandbox(payoutDelayMs: number | null): SandboxPsp {
  return createSandboxPsp({
    db: tdb.handle.db,
    merchantName: 'Cassino',
    merchantCity: 'Sao Paulo',
    webhookUrl: 'http://platform.test/api/pix/webhook',
    webhookSecret: SECRET,
    fetch: async (url, init) => {
      const body = String(init.body);
      delivered.push({ url, body, signed: verifyWebhook(body, (init.headers as Record<string, string>)['X-Webhook-Signature'], SECRET) });
      return new Response('{"received":1}', { status: 200 });
    },
    payoutDelayMs,
  });
}

const payout = (id: string, key: string, keyType: 'cpf' | 'phone' | 'email' | 'random', recipientCpf = '52998224725') => ({
  id,
  amountCentavos: 2_500,
  key,
  keyType,
  recipientCpf,
  description: 'Saque 1',
});

beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  const tenantId = (await findTenantByDomain(tdb.handle.db, 'localhost'))!.id;
  await tdb.handle.db.insert(users).values([
    { tenantId, name: 'Maria Silva', username: '+5511987650001', email: 'maria@example.com', cpf: '52998224725' },
    { tenantId, name: 'Sem CPF', username: '+5511987650002', email: 'semcpf@example.com', cpf: null },
  ]);
});
afterAll(() => tdb.close());

describe('sandbox DICT', () => {
  it('answers CPF keys by the CPF, e-mail and phone keys by the player holding them, registered keys first', async () => {
    const psp = sandbox(null);
    expect(await psp.lookupKey('52998224725', 'cpf')).toEqual({ key: '52998224725', type: 'cpf', ownerCpf: '52998224725', ownerName: 'Maria Silva' });
    expect(await psp.lookupKey('11144477735', 'cpf')).toMatchObject({ ownerCpf: '11144477735', ownerName: 'Titular Sandbox' });
    expect(await psp.lookupKey('maria@example.com', 'email')).toMatchObject({ ownerCpf: '52998224725', ownerName: 'Maria Silva' });
    expect(await psp.lookupKey('+5511987650001', 'phone')).toMatchObject({ ownerCpf: '52998224725' });
    expect(await psp.lookupKey('semcpf@example.com', 'email')).toBeNull();
    expect(await psp.lookupKey('0f8fad5b-d9cb-469f-a165-70867728950e', 'random')).toBeNull();
    psp.registerKey('maria@example.com', '11144477735', 'Outra Pessoa');
    psp.registerKey('0f8fad5b-d9cb-469f-a165-70867728950e', null, 'Empresa Ltda');
    expect(await psp.lookupKey('maria@example.com', 'email')).toMatchObject({ ownerCpf: '11144477735', ownerName: 'Outra Pessoa' });
    expect(await psp.lookupKey('0f8fad5b-d9cb-469f-a165-70867728950e', 'random')).toMatchObject({ ownerCpf: null, ownerName: 'Empresa Ltda' });
  });
});

describe('sandbox payouts', () => {
  it('takes a payout once per id and settles it by a signed webhook to {webhook}/payouts', async () => {
    delivered = [];
    const psp = sandbox(0);
    expect(await psp.createPayout(payout('P1', '52998224725', 'cpf'))).toEqual({ id: 'P1', status: 'EM_PROCESSAMENTO' });
    expect(await psp.createPayout(payout('P1', '52998224725', 'cpf'))).toEqual({ id: 'P1', status: 'EM_PROCESSAMENTO' });
    await psp.whenIdle();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ url: 'http://platform.test/api/pix/webhook/payouts', signed: true });
    const item = (JSON.parse(delivered[0]!.body) as { pagamentos: Array<Record<string, string>> }).pagamentos[0]!;
    expect(item).toMatchObject({ idEnvio: 'P1', status: 'REALIZADO' });
    expect(item.endToEndId).toMatch(/^E99999999\d{12}[A-Za-z0-9]{11}$/);
    expect(await psp.getPayout('P1')).toEqual({ id: 'P1', status: 'REALIZADO', endToEndId: item.endToEndId });
    // Resending the same id after it was paid answers the paid payout; nothing new is delivered.
    expect((await psp.createPayout(payout('P1', '52998224725', 'cpf'))).status).toBe('REALIZADO');
    await psp.whenIdle();
    expect(delivered).toHaveLength(1);
    expect(await psp.getPayout('unknown')).toBeNull();
  });

  it('fails payouts to keys marked failing, unknown or owned by another CPF; refuses marked keys outright', async () => {
    delivered = [];
    const psp = sandbox(null);
    psp.failKey('maria@example.com');
    await psp.createPayout(payout('F1', 'maria@example.com', 'email'));
    await psp.createPayout(payout('F2', '0f8fad5b-d9cb-469f-a165-70867728950e', 'random'));
    await psp.createPayout(payout('F3', '11144477735', 'cpf'));
    expect(delivered).toHaveLength(0);
    const motivo = async (id: string) => (await psp.settlePayout(id)).notification.pagamentos[0];
    expect(await motivo('F1')).toMatchObject({ status: 'NAO_REALIZADO', motivo: 'chave inexistente' });
    expect(await motivo('F2')).toMatchObject({ status: 'NAO_REALIZADO', motivo: 'chave inexistente' });
    expect(await motivo('F3')).toMatchObject({ status: 'NAO_REALIZADO', motivo: 'titular da chave diferente do CPF do recebedor' });
    expect(await psp.getPayout('F3')).toMatchObject({ status: 'NAO_REALIZADO' });
    // Settling again re-delivers the same result.
    const [again, first] = [await motivo('F1'), JSON.parse(delivered[0]!.body).pagamentos[0]];
    expect(again).toEqual(first);

    psp.refuseKey('52998224725');
    await expect(psp.createPayout(payout('R1', '52998224725', 'cpf'))).rejects.toBeInstanceOf(PayoutRefusedError);
    expect(await psp.getPayout('R1')).toBeNull();
    await expect(psp.createPayout({ ...payout('bad id!', '52998224725', 'cpf') })).rejects.toBeInstanceOf(RangeError);
    await expect(psp.createPayout({ ...payout('Z1', '52998224725', 'cpf'), amountCentavos: 0 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('sandbox payout webhooks', () => {
  const withSend = (send: (url: string, init: RequestInit) => Promise<Response>, payoutDelayMs: number | null) =>
    createSandboxPsp({
      db: tdb.handle.db,
      merchantName: 'Cassino',
      merchantCity: 'Sao Paulo',
      webhookUrl: 'http://platform.test/api/pix/webhook',
      webhookSecret: SECRET,
      fetch: send,
      payoutDelayMs,
      retry: { baseMs: 5, maxMs: 20 },
    });

  it('retries the payout webhook until the platform acknowledges it', async () => {
    const statuses: number[] = [];
    const psp = withSend(async () => {
      const status = statuses.length < 2 ? 500 : 200;
      statuses.push(status);
      return new Response('{}', { status });
    }, 0);
    await psp.createPayout(payout('W1', '52998224725', 'cpf'));
    await psp.whenIdle();
    expect(statuses).toEqual([500, 500, 200]);
    expect(await psp.getPayout('W1')).toMatchObject({ status: 'REALIZADO' });
  });

  it('settles and reports, after a restart, a payout taken before it', async () => {
    const bodies: string[] = [];
    const record = async (_url: string, init: RequestInit) => (bodies.push(String(init.body)), new Response('{}', { status: 200 }));
    const before = withSend(record, 60_000);
    expect(await before.createPayout(payout('W2', '52998224725', 'cpf'))).toEqual({ id: 'W2', status: 'EM_PROCESSAMENTO' });
    await before.close();
    expect(bodies).toEqual([]);

    const after = withSend(record, 60_000);
    // The restarted sandbox remembers the payout, settles it when due, and sends the result once.
    expect(await after.getPayout('W2')).toEqual({ id: 'W2', status: 'EM_PROCESSAMENTO' });
    await tdb.handle.db.execute(sql`update sandbox_psp_payouts set settle_after = now() where id = 'W2'`);
    await after.resume();
    await after.whenIdle();
    expect(bodies.map((b) => (JSON.parse(b) as { pagamentos: Array<{ idEnvio: string; status: string }> }).pagamentos[0])).toEqual([
      expect.objectContaining({ idEnvio: 'W2', status: 'REALIZADO' }),
    ]);
    expect((await after.getPayout('W2'))?.status).toBe('REALIZADO');
  });
});
