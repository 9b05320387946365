import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/db/schema.ts';
import { createTurnstileVerifier } from '../../../../server/features/captcha/turnstile.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { type AccountsHarness, accountsHarness, PASSWORD, registerBody, registerPlayer } from '../auth/helpers.ts';

/** A local stand-in for Cloudflare's siteverify: form-encoded secret + response + remoteip. */
let verifier: Server;
let verifyUrl: string;
const seen: URLSearchParams[] = [];

beforeAll(async () => {
  verifier = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      seen.push(form);
      const ok = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') && form.get('secret') === 'ts-secret' && form.get('response') === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: ok, 'error-codes': ok ? [] : ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/turnstile/v0/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())));

describe('Turnstile verifier', () => {
  it('posts secret, response and remoteip form-encoded and trusts only success: true', async () => {
    const v = createTurnstileVerifier({ verifyUrl, secret: 'ts-secret' });
    expect(await v.verify('good-token', '203.0.113.5')).toBe(true);
    expect(seen.at(-1)?.get('remoteip')).toBe('203.0.113.5');
    expect(await v.verify('bad-token', '203.0.113.5')).toBe(false);
  });

  it('fails closed without a secret or when the verifier is unreachable', async () => {
    const errors: string[] = [];
    expect(await createTurnstileVerifier({ verifyUrl, secret: null, onError: (m) => errors.push(m) }).verify('good-token', 'x')).toBe(false);
    expect(await createTurnstileVerifier({ verifyUrl: 'http://127.0.0.1:1/', secret: 'ts-secret', onError: (m) => errors.push(m) }).verify('good-token', 'x')).toBe(false);
    expect(errors).toHaveLength(2);
  });
});

describe('captcha on register and login', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await accountsHarness({ env: { TURNSTILE_VERIFY_URL: verifyUrl, TURNSTILE_SECRET: 'ts-secret' } });
  });
  afterAll(() => h.close());

  it('is not required while the tenant has no site key', async () => {
    const { user } = await registerPlayer(h, '+5511987710001');
    expect(user.id).toEqual(expect.any(Number));
  });

  it('is required and verified once the tenant has a site key', async () => {
    await patchTenantConfig(h.db, h.tenants.local, { turnstileSiteKey: '1x00000000000000000000AA' });
    const phone = '+5511987710002';
    await h.call('POST', '/auth/verify-phone', { body: { phone } });
    const verified = await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: phone, code: await h.latestCode(phone) } });
    const body = registerBody(phone, { phone_verification_token: verified.body.verification_token });
    const before = await h.rows(users);

    const missing = await h.call('POST', '/auth/register', { body });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ captcha_token: ['Confirme que você não é um robô.'] });
    const bad = await h.call('POST', '/auth/register', { body: { ...body, captcha_token: 'bad-token' } });
    expect(bad.body.errors).toEqual({ captcha_token: ['Confirme que você não é um robô.'] });
    expect(await h.rows(users)).toBe(before);

    const good = await h.call('POST', '/auth/register', { ip: '198.51.100.77', body: { ...body, captcha_token: 'good-token' } });
    expect(good.status).toBe(201);
    expect(seen.at(-1)?.get('remoteip')).toBe('198.51.100.77');

    expect((await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } })).body.errors).toEqual({
      captcha_token: ['Confirme que você não é um robô.'],
    });
    expect((await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD, captcha_token: 'good-token' } })).status).toBe(200);
  });
});
