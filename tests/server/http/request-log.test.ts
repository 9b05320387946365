import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/features/payments/signature.ts';
import { requestIdFrom } from '../../../server/http/request-log.ts';
import { accountsHarness, PASSWORD, registerPlayer } from '../features/auth/helpers.ts';
import { cpfFor, SECRET, withdrawalHarness } from '../features/withdrawals/helpers.ts';
import { capturingLogger, seedDemoTenants, silentLog, testApp } from '../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';

const requestLines = (records: Array<Record<string, unknown>>) => records.filter((r) => r.msg === 'request');

describe('request log line and X-Request-Id', () => {
  let tdb: TestDatabase;
  const capture = capturingLogger('info');
  let app: ReturnType<typeof testApp>;
  beforeAll(async () => {
    tdb = await freshDatabase();
    await seedDemoTenants(tdb.handle.db, silentLog);
    app = testApp(tdb.handle.db, { logger: capture.log });
  });
  afterAll(() => tdb.close());

  it('logs one line per request with id, tenant, method, route pattern, status and duration, and echoes the id', async () => {
    capture.lines.length = 0;
    const res = await app.request('/api/house/rounds/12345', { headers: { host: 'localhost', 'x-request-id': 'edge-abc.123_X' } });
    expect(res.headers.get('x-request-id')).toBe('edge-abc.123_X');
    const [line, ...more] = requestLines(capture.records());
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 'info', request_id: 'edge-abc.123_X', tenant_id: expect.any(Number), tenant_domain: 'localhost', method: 'GET', status: res.status });
    expect(line!.route).toBe('/api/house/rounds/:id');
    expect(typeof line!.duration_ms).toBe('number');
  });

  it('gives a fresh UUID when the header is absent or malformed, also on errors and unknown hosts', async () => {
    for (const header of [undefined, 'x'.repeat(129), 'bad id!', 'a\u00e9']) {
      capture.lines.length = 0;
      const res = await app.request('/api/geoip', { headers: header === undefined ? { host: 'nowhere.example' } : { host: 'nowhere.example', 'x-request-id': header } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(requestLines(capture.records())[0]).toMatchObject({ request_id: id, route: '/api/geoip', host: 'nowhere.example' });
    }
    const missing = await app.request('/api/no/such/route/42', { headers: { host: 'localhost', 'x-request-id': 'r-404' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('r-404');
  });

  it('accepts exactly 128 characters of [A-Za-z0-9._-]', () => {
    const id = `${'a'.repeat(125)}._-`;
    expect(requestIdFrom(id)).toBe(id);
    expect(requestIdFrom(`${id}b`)).not.toBe(`${id}b`);
  });
});

describe('secrets never reach the log of real requests', () => {
  it('register and login: no password, CPF, phone code token or access token', async () => {
    const capture = capturingLogger('debug');
    const h = await accountsHarness({ logger: capture.log });
    try {
      const cpf = '39053344705';
      const { token } = await registerPlayer(h, '+5511987650099', { extra: { cpf } });
      const login = await h.call('POST', '/auth/login', { body: { username: '+5511987650099', password: PASSWORD } });
      expect(login.status).toBe(200);
      const loginToken = login.body.token as string;
      expect((await h.call('GET', '/auth/me', { token: loginToken })).status).toBe(200);
      const log = capture.lines.join('');
      expect(requestLines(capture.records()).length).toBeGreaterThanOrEqual(5);
      for (const secret of [PASSWORD, cpf, token, loginToken, token.split('|').at(-1)!, loginToken.split('|').at(-1)!]) expect(log).not.toContain(secret);
    } finally {
      await h.close();
    }
  });

  it('a CPF Pix key (also in a failing lookup), a signed webhook and the operator key stay out; each money movement logs its ledger entry once', async () => {
    const capture = capturingLogger('debug');
    const h = await withdrawalHarness({ logger: capture.log });
    try {
      const p = await h.player({ cpf: cpfFor(4242) });
      // A PSP failure that quotes the key: the error message is masked too.
      h.pspOverride.lookupKey = async (key: string) => {
        throw new Error(`DICT lookup of ${key} refused`);
      };
      expect((await h.call('POST', '/wallet/withdraw/method', { token: p.token, body: { type: 'cpf', key: p.cpf } })).status).toBe(503);
      h.pspOverride.lookupKey = undefined;
      const methodId = await h.method(p);

      const charge = await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 10_000 } });
      const body = JSON.stringify({ pix: [{ endToEndId: 'E'.padEnd(32, '7'), txid: charge.body.txid, valor: '100.00', horario: new Date().toISOString(), pagador: { cpf: p.cpf } }] });
      const signature = signWebhook(body, SECRET);
      const webhook = await h.app.request('/api/pix/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, body });
      expect(webhook.status).toBe(200);
      const made = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 3_000, method_id: methodId } });
      expect(made.status).toBe(201);
      const withdrawalId = (made.body.withdrawal as { id: number }).id;
      expect((await h.call('POST', '/main-gateway/user-cancel-withdrawal', { token: p.token, body: { id: withdrawalId } })).status).toBe(200);
      await h.operator('GET', '/withdrawals', 'not-the-key-but-secret-like-0123456789');

      const log = capture.lines.join('');
      for (const secret of [p.cpf!, p.token, signature, signature.slice(7), SECRET, 'not-the-key-but-secret-like-0123456789']) expect(log).not.toContain(secret);
      expect(log).toContain('DICT lookup of [redacted] refused');

      const ledger = capture.records().filter((r) => r.msg === 'ledger entry');
      expect(ledger.map((r) => [r.kind, r.amount, r.reference])).toEqual([
        ['deposit', 10_000, 'E'.padEnd(32, '7')],
        ['withdraw', -3_000, `withdrawal:${withdrawalId}`],
        ['withdraw', 3_000, expect.stringContaining(String(withdrawalId))],
      ]);
      for (const r of ledger) expect(r).toMatchObject({ ledger_id: expect.any(Number), user_id: p.id, tenant_id: h.tenants.local, request_id: expect.any(String) });
      // A replayed webhook moves nothing and logs no entry.
      await h.app.request('/api/pix/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, body });
      expect(capture.records().filter((r) => r.msg === 'ledger entry')).toHaveLength(3);
    } finally {
      await h.close();
    }
  });
});
