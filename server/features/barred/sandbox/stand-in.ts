import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { QUERY_PATH, type QueryAnswer, QueryRequestSchema, TOKEN_PATH } from '../protocol.ts';

/**
 * The demo's barred CPF (111.222.333-96): the stand-in says it is barred
 * from its first start, so `npm start` shows the refusal at registration.
 * No test registers it by chance (tests/e2e draws random CPFs; the fixed
 * ones in tests are others).
 */
export const DEMO_BARRED_CPF = '11122233396';

/** How long the stand-in's tokens live (s). */
const TOKEN_TTL_SECONDS = 3600;

export interface SigapStandIn {
  /** The stand-in's HTTP surface (the protocol, plus the demo controls), mounted at `/sandbox-sigap`. */
  routes: Hono;
  /** Bars a CPF (11 digits) from now on, with the regulator's reason. */
  bar(cpf: string, reason?: string): void;
  /** Lifts a CPF's bar. */
  lift(cpf: string): void;
  /** Simulates the service being down: every call answers 503 until turned off. */
  setOutage(on: boolean): void;
  /** Delays every answer by `ms` (timeouts in tests). */
  setDelay(ms: number): void;
  /** Forgets every token issued, as when they expire (the next query gets 401). */
  expireTokens(): void;
  /** What it has served so far, for tests: tokens issued and queries answered (with their CPF counts). */
  readonly stats: { tokens: number; queries: number[] };
}

const ControlBody = v.object({ reason: v.optional(v.pipe(v.string(), v.maxLength(200))) });
const OutageBody = v.object({ on: v.boolean() });

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A stand-in for the regulator's barred-bettor service, speaking the
 * protocol of ../protocol.ts over HTTP with the configured client
 * credentials. Its list of barred CPFs lives in memory (the demo CPF
 * barred from the start) and is changed by the demo controls, which need
 * no credentials: it is mounted only outside production mode.
 * - `PUT /barred/{cpf}` `{ reason? }` → 204 bars a CPF; `DELETE /barred/{cpf}` → 204 lifts it;
 * - `PUT /outage` `{ on }` → 204: every protocol call answers 503 while on;
 * - `GET /health` → 200.
 */
export function createSigapStandIn(opts: { clientId: string; clientSecret: string; now?: () => Date }): SigapStandIn {
  const now = opts.now ?? (() => new Date());
  const barred = new Map<string, { reason: string; since: string }>([[DEMO_BARRED_CPF, { reason: 'demonstração', since: '2025-01-01' }]]);
  const tokens = new Map<string, number>();
  const stats = { tokens: 0, queries: [] as number[] };
  let outage = false;
  let delayMs = 0;

  const app = new Hono();
  app.use('*', async (c, next) => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'invalid_request', message: 'body too large' }, 413) }));
  const down = (c: Context) => c.json({ error: 'temporarily_unavailable' }, 503);
  const cpfParam = (c: Context): string | null => {
    const cpf = c.req.param('cpf') ?? '';
    return /^\d{11}$/.test(cpf) ? cpf : null;
  };

  app.post(TOKEN_PATH, async (c) => {
    if (outage) return down(c);
    const form = new URLSearchParams(await c.req.text());
    const [scheme, encoded] = (c.req.header('authorization') ?? '').split(' ');
    const [id, secret] = scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString().split(':').map(decodeURIComponent) : [];
    if (form.get('grant_type') !== 'client_credentials') return c.json({ error: 'unsupported_grant_type' }, 400);
    if (!id || !secret || !sameSecret(id, opts.clientId) || !sameSecret(secret, opts.clientSecret)) return c.json({ error: 'invalid_client' }, 401);
    const token = randomBytes(24).toString('hex');
    tokens.set(token, now().getTime() + TOKEN_TTL_SECONDS * 1000);
    stats.tokens += 1;
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS });
  });

  app.post(QUERY_PATH, async (c) => {
    if (outage) return down(c);
    const [scheme, token] = (c.req.header('authorization') ?? '').split(' ');
    const expires = scheme?.toLowerCase() === 'bearer' && token ? tokens.get(token) : undefined;
    if (!expires || expires <= now().getTime()) return c.json({ error: 'invalid_token' }, 401);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'invalid_request', message: 'body must be JSON' }, 400);
    }
    const parsed = v.safeParse(QueryRequestSchema, body);
    if (!parsed.success) return c.json({ error: 'invalid_request', message: 'cpfs must be 1 to 1000 distinct 11-digit CPFs' }, 400);
    stats.queries.push(parsed.output.cpfs.length);
    const answer: QueryAnswer = {
      consultado_em: now().toISOString(),
      resultados: parsed.output.cpfs.map((cpf) => {
        const bar = barred.get(cpf);
        return { cpf, impedido: !!bar, motivo: bar?.reason ?? null, desde: bar?.since ?? null };
      }),
    };
    return c.json(answer);
  });

  app.put('/barred/:cpf', async (c) => {
    const cpf = cpfParam(c);
    const parsed = v.safeParse(ControlBody, await c.req.json().catch(() => ({})));
    if (!cpf || !parsed.success) return c.json({ error: 'invalid_request', message: 'PUT /barred/{11-digit cpf} { reason? }' }, 400);
    stand.bar(cpf, parsed.output.reason);
    return c.body(null, 204);
  });
  app.delete('/barred/:cpf', (c) => {
    const cpf = cpfParam(c);
    if (!cpf) return c.json({ error: 'invalid_request', message: 'DELETE /barred/{11-digit cpf}' }, 400);
    stand.lift(cpf);
    return c.body(null, 204);
  });
  app.put('/outage', async (c) => {
    const parsed = v.safeParse(OutageBody, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_request', message: 'PUT /outage { on: boolean }' }, 400);
    outage = parsed.output.on;
    return c.body(null, 204);
  });
  app.get('/health', (c) => c.json({ status: 'ok' }));

  const stand: SigapStandIn = {
    routes: app,
    bar(cpf, reason = 'impedido') {
      barred.set(cpf, { reason, since: now().toISOString().slice(0, 10) });
    },
    lift(cpf) {
      barred.delete(cpf);
    },
    setOutage(on) {
      outage = on;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    expireTokens() {
      tokens.clear();
    },
    stats,
  };
  return stand;
}
