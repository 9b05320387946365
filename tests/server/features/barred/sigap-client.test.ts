import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cpfFor } from '../../../../scripts/faults/players.ts';
import { MAX_BATCH } from '../../../../server/features/barred/protocol.ts';
import { createSigapStandIn, DEMO_BARRED_CPF, type SigapStandIn } from '../../../../server/features/barred/sandbox/stand-in.ts';
import { createSigapClient, type SigapClientOptions, SigapUnavailableError } from '../../../../server/features/barred/sigap-client.ts';
import { type HttpServer, listenHttp } from '../../../../server/lifecycle/http-server.ts';

/*
 * The adapter of the regulator's barred-bettor check against the sandbox
 * stand-in over real HTTP (a listening server on a free port): the token,
 * batches, and every way the service can fail to answer.
 */

const CREDENTIALS = { clientId: 'test-client', clientSecret: 'test-secret-0123456789' };
let stand: SigapStandIn;
let server: HttpServer;
let base: string;

beforeAll(async () => {
  stand = createSigapStandIn(CREDENTIALS);
  server = await listenHttp(stand.routes.fetch, { port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  server.destroy();
  await server.drain();
});
beforeEach(() => {
  stand.setOutage(false);
  stand.setDelay(0);
  stand.stats.tokens = 0;
  stand.stats.queries.length = 0;
});

const client = (opts: Partial<SigapClientOptions> = {}) => createSigapClient({ baseUrl: base, ...CREDENTIALS, timeoutMs: 2000, ...opts });

async function unavailable(work: Promise<unknown>): Promise<SigapUnavailableError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof SigapUnavailableError) return error;
    throw error;
  }
  throw new Error('expected SigapUnavailableError');
}

describe('token and batch query', () => {
  it('answers barred yes/no with the reason and since day, reusing one token for many queries', async () => {
    const sigap = client();
    const free = cpfFor(9001);
    stand.bar(cpfFor(9002), 'decisão judicial');
    const first = await sigap.check([DEMO_BARRED_CPF, free, cpfFor(9002)]);
    expect(first.get(DEMO_BARRED_CPF)).toMatchObject({ barred: true, reason: 'demonstração', since: '2025-01-01' });
    expect(first.get(free)).toEqual({ cpf: free, barred: false, reason: null, since: null });
    expect(first.get(cpfFor(9002))).toMatchObject({ barred: true, reason: 'decisão judicial' });
    stand.lift(cpfFor(9002));
    expect((await sigap.check([cpfFor(9002)])).get(cpfFor(9002))?.barred).toBe(false);
    expect(stand.stats.tokens).toBe(1);
    expect(stand.stats.queries).toEqual([3, 1]);
  });

  it(`splits a big base into batches of at most ${MAX_BATCH} CPFs (duplicates asked once)`, async () => {
    const cpfs = Array.from({ length: 1500 }, (_, i) => cpfFor(10_000 + i));
    const answers = await client().check([...cpfs, cpfs[0]!]);
    expect(answers.size).toBe(1500);
    expect(stand.stats.queries).toEqual([1000, 500]);
  });

  it('gets a new token when the service says the one it holds expired, and retries the batch once', async () => {
    const sigap = client();
    await sigap.check([cpfFor(9003)]);
    stand.expireTokens();
    expect((await sigap.check([DEMO_BARRED_CPF])).get(DEMO_BARRED_CPF)?.barred).toBe(true);
    expect(stand.stats.tokens).toBe(2);
  });

  it('renews the token before it expires by its own clock', async () => {
    let now = Date.now();
    const sigap = client({ now: () => now });
    await sigap.check([cpfFor(9004)]);
    now += 3600_000;
    await sigap.check([cpfFor(9004)]);
    expect(stand.stats.tokens).toBe(2);
  });
});

describe('failures: every one is "unavailable", never "not barred"', () => {
  it('refused credentials', async () => {
    const error = await unavailable(client({ clientSecret: 'wrong-secret-0123456789' }).check([cpfFor(9005)]));
    expect(error.message).toMatch(/oauth\/token answered 401 .*SIGAP_CLIENT_SECRET/);
  });

  it('the service down (503)', async () => {
    stand.setOutage(true);
    expect((await unavailable(client().check([cpfFor(9006)]))).message).toMatch(/answered 503/);
  });

  it('a timeout', async () => {
    stand.setDelay(500);
    const started = Date.now();
    expect((await unavailable(client({ timeoutMs: 150 }).check([cpfFor(9007)]))).message).toMatch(/took longer than 150 ms|unreachable/);
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('nothing listening', async () => {
    const spare = await listenHttp(() => new Response(null), { port: 0, host: '127.0.0.1' });
    const port = spare.port;
    spare.destroy();
    await spare.drain();
    expect((await unavailable(client({ baseUrl: `http://127.0.0.1:${port}` }).check([cpfFor(9008)]))).message).toMatch(/unreachable/);
  });

  it('an answer off the protocol, or one leaving a CPF out', async () => {
    const odd = new Hono()
      .post('/oauth/token', (c) => c.json({ access_token: 't', token_type: 'Bearer', expires_in: 60 }))
      .post('/v1/impedidos/consulta', async (c) => {
        const { cpfs } = (await c.req.json()) as { cpfs: string[] };
        if (cpfs.length > 1) return c.json({ consultado_em: 'now', resultados: [{ cpf: cpfs[0], impedido: false, motivo: null, desde: null }] });
        return c.json({ resultados: 'nada' });
      });
    const fake = { fetch: (input: string, init: RequestInit) => Promise.resolve(odd.fetch(new Request(input, init))) };
    expect((await unavailable(client({ baseUrl: 'http://odd.internal', ...fake }).check([cpfFor(9009)]))).message).toMatch(/malformed/);
    expect((await unavailable(client({ baseUrl: 'http://odd.internal', ...fake }).check([cpfFor(9010), cpfFor(9011)]))).message).toMatch(/unanswered/);
  });
});
