import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../../server/config.ts';
import { isTransientPspError, PspError } from '../../../../../server/features/payments/bcb-api/errors.ts';
import { startOpensslServer } from './openssl-server.ts';
import { rejection, useStandIn } from './setup.ts';

/** Mutual TLS and OAuth 2 client credentials against the stand-in PSP. */
describe('bcb-api PSP: mTLS and OAuth', () => {
  const f = useStandIn();

  it('fetches one token by client credentials with HTTP Basic, then reuses it on every call', async () => {
    const psp = f.adapter();
    await psp.getCharge('A'.repeat(26));
    await psp.lookupKey('12345678909', 'cpf');
    await psp.getPayout('W1');

    expect(f.psp.tokenRequests).toHaveLength(1);
    const tokenRequest = f.psp.tokenRequests[0]!;
    expect(tokenRequest.method).toBe('POST');
    expect(tokenRequest.path).toBe('/oauth/token');
    expect(tokenRequest.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from(`${f.psp.clientId}:${f.psp.clientSecret}`, 'utf8').toString('base64')}`);
    const form = new URLSearchParams(tokenRequest.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['cob.write', 'cob.read', 'pix.write', 'pix.read']));

    expect(f.psp.requests.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1']);
    // Every connection, token endpoint included, presented our client certificate.
    expect([...f.psp.tokenRequests, ...f.psp.requests].map((r) => r.clientCn)).toEqual(Array(4).fill('casino-platform'));
  });

  it('shares one token request between concurrent first calls', async () => {
    const psp = f.adapter();
    await Promise.all([psp.getCharge('A'.repeat(26)), psp.getCharge('B'.repeat(26)), psp.getPayout('W1')]);
    expect(f.psp.issued).toEqual(['tok-1']);
  });

  it('renews the token shortly before expires_in', async () => {
    f.psp.expiresIn = 300;
    let clock = Date.parse('2026-03-04T12:00:00Z');
    const psp = f.adapter({}, { now: () => new Date(clock) });
    await psp.getPayout('W1');
    clock += 200_000; // 100 s left: still good
    await psp.getPayout('W1');
    expect(f.psp.issued).toEqual(['tok-1']);
    clock += 50_000; // 50 s left: inside the renewal margin
    await psp.getPayout('W1');
    expect(f.psp.issued).toEqual(['tok-1', 'tok-2']);
    expect(f.psp.requests.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
  });

  it('on a 401 drops the token, gets a new one and retries the call once', async () => {
    const psp = f.adapter();
    f.psp.dict.set('12345678909', { chave: '12345678909', tipoChave: 'CPF', titular: { cpf: '12345678909', nome: 'Fulano' } });
    await psp.lookupKey('12345678909', 'cpf');
    f.psp.revokeTokens();
    const owner = await psp.lookupKey('12345678909', 'cpf');
    expect(owner?.ownerCpf).toBe('12345678909');
    expect(f.psp.issued).toEqual(['tok-1', 'tok-2']);
    expect(f.psp.requests.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
  });

  it('gives up after the second 401, as a non-transient PspError', async () => {
    const psp = f.adapter();
    const unauthorized = { status: 401, body: { type: 'https://pix.bcb.gov.br/api/v2/error/NaoAutorizado', title: 'Não autorizado', status: 401 } };
    f.psp.answerNext(/^GET \/api\/v2\/pagamentos\//, unauthorized);
    f.psp.answerNext(/^GET \/api\/v2\/pagamentos\//, unauthorized);
    const error = await rejection(psp.getPayout('W1'));
    expect(error).toBeInstanceOf(PspError);
    expect(error).toMatchObject({ status: 401, title: 'Não autorizado', transient: false });
    expect(f.psp.requests).toHaveLength(2);
    expect(f.psp.issued).toEqual(['tok-1', 'tok-2']);
  });

  it('reports refused client credentials as an oauth error naming the variables', async () => {
    const psp = f.adapter({ clientSecret: 'wrong' });
    const error = await rejection(psp.getCharge('A'.repeat(26)));
    expect(error).toMatchObject({ name: 'PspError', operation: 'token', status: 401, type: 'oauth:invalid_client', transient: false });
    expect((error as Error).message).toMatch(/PIX_PSP_CLIENT_SECRET/);
    expect(f.psp.requests).toHaveLength(0);
  });

  it('cannot connect with a client certificate from another CA (server hangs up after the handshake)', async () => {
    const psp = f.adapter({ certFile: f.pki.strangerCert, keyFile: f.pki.strangerKey });
    const error = await rejection(psp.getCharge('A'.repeat(26)));
    expect(error).toBeInstanceOf(PspError);
    // Node's server gives no TLS alert: the adapter cannot be sure, says what is likely, and keeps it retryable.
    expect(error).toMatchObject({ operation: 'token', status: null, type: 'network' });
    expect((error as Error).message).toMatch(/refusing the client certificate \(PIX_PSP_CERT_FILE, PIX_PSP_KEY_FILE\)/);
    expect(f.psp.tokenRequests).toHaveLength(0);
    expect(f.psp.requests).toHaveLength(0);
  });

  it('reports a TLS alert refusing the client certificate as a non-transient tls error', async () => {
    const server = await startOpensslServer({ cert: f.pki.serverCert, key: f.pki.serverKey, caCert: f.pki.caCert });
    try {
      const psp = f.adapter({ tokenUrl: `${server.origin}/oauth/token`, certFile: f.pki.strangerCert, keyFile: f.pki.strangerKey });
      const error = await rejection(psp.getCharge('A'.repeat(26)));
      expect(error).toMatchObject({ name: 'PspError', operation: 'token', status: null, type: 'tls', transient: false });
      expect((error as Error).message).toMatch(/TLS handshake with the PSP failed; check PIX_PSP_CERT_FILE/);
      expect((error as PspError).detail).toMatch(/ALERT/);
    } finally {
      server.stop();
    }
  });

  it('does not trust the PSP’s private CA without PIX_PSP_CA_FILE', async () => {
    const psp = f.adapter({ caFile: null });
    const error = await rejection(psp.getCharge('A'.repeat(26)));
    expect(error).toMatchObject({ name: 'PspError', type: 'tls', transient: false });
    expect(f.psp.tokenRequests).toHaveLength(0);
  });

  it('fails at creation, naming the variable, when a file is missing or does not match', () => {
    expect(() => f.adapter({ certFile: `${f.pki.dir}/missing.crt` })).toThrow(ConfigError);
    expect(() => f.adapter({ certFile: `${f.pki.dir}/missing.crt` })).toThrow(/PIX_PSP_CERT_FILE cannot be read/);
    expect(() => f.adapter({ keyFile: `${f.pki.dir}/missing.key` })).toThrow(/PIX_PSP_KEY_FILE cannot be read/);
    expect(() => f.adapter({ caFile: `${f.pki.dir}/missing-ca.crt` })).toThrow(/PIX_PSP_CA_FILE cannot be read/);
    // The stranger's key with our certificate: the pair does not load.
    expect(() => f.adapter({ keyFile: f.pki.strangerKey })).toThrow(/PIX_PSP_KEY_FILE does not load with PIX_PSP_CERT_FILE/);
    expect(() => f.adapter({ certFile: `${f.pki.dir}/client.ext` })).toThrow(/PIX_PSP_CERT_FILE is not a PEM file/);
    expect(() => f.adapter({ baseUrl: f.psp.baseUrl.replace('https:', 'http:') })).toThrow(/PIX_PSP_BASE_URL must be an https:\/\/ URL/);
  });

  it('sends a request once more on a new connection when the PSP closed the kept-alive one', async () => {
    const psp = f.adapter();
    await psp.getPayout('W1');
    f.psp.answerNext(/^GET \/api\/v2\/pagamentos\//, { status: 0, destroy: true });
    expect(await psp.getPayout('W1')).toBeNull();
    expect(f.psp.requests.map((r) => r.path)).toEqual(Array(3).fill('/api/v2/pagamentos/W1'));
  });

  it('does not resend when a new connection is closed without an answer', async () => {
    const psp = f.adapter();
    f.psp.answerNext(/^POST \/oauth\/token/, { status: 0, destroy: true });
    const error = await rejection(psp.getPayout('W1'));
    expect(error).toMatchObject({ name: 'PspError', operation: 'token', type: 'network' });
    expect(isTransientPspError(error)).toBe(true);
    expect(f.psp.tokenRequests).toHaveLength(1);
  });

  it('reports an unreachable PSP as a transient failure', async () => {
    const psp = f.adapter();
    await f.psp.close();
    const error = await rejection(psp.getCharge('A'.repeat(26)));
    expect(error).toMatchObject({ name: 'PspError', type: 'network', status: null });
    expect(isTransientPspError(error)).toBe(true);
  });
});
