import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../../server/features/payments/signature.ts';
import { demoOperatorKey } from '../../../server/features/tenants/demo/tenants.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { seedDemoTenants, silentLog } from '../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { playerMaker, type Tenant } from '../helpers/feature-harness.ts';
import { FUZZ_WEBHOOK_SECRET, fullApp } from '../helpers/full-app.ts';
import { type Answer, messageOf, problemWith, withinTimeout } from './answer-check.ts';
import { fixedBodies, type FuzzBody, HOSTILE_QUERIES, PARAM_VALUES, pick, QUERY_NAMES, schemaBodies, seededRandom } from './inputs.ts';

/*
 * Issue 12: every route of the app (as `app.routes` lists them, wired as
 * server/main.ts wires them), called as a guest, a player, another tenant's
 * player, the operator, another tenant's operator and a PSP or game aggregator (its body signed with
 * the right secret on the signed webhooks, anonymous elsewhere), with malformed JSON, wrong types, huge strings,
 * out-of-range numbers, unicode, NUL, arrays for objects, repeated and
 * missing parameters. Every answer must be a 2xx or 4xx with a JSON
 * `message` in the caller's language (pt by default, en on request),
 * never a 5xx, a hang or a stack trace. Seeded: every run sends the same
 * requests. Runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Excluded routes: none. (Middleware-only entries of `app.routes`, method
 * ALL or a path ending in `*`, are not routes and are reached through the
 * routes behind them.)
 */

const SEED = 12;
const HOST = 'localhost';
const PROVIDER = { code: 'fuzzprov', secret: 'fuzz-provider-secret-0123456789' };

type CallerName = 'guest' | 'player' | 'foreign player' | 'operator' | 'foreign operator' | 'signer';

/** Path parameters a real caller would send, so the plain URL reaches the handler. */
const PLAUSIBLE_PARAMS: Record<string, string> = {
  game: 'dice',
  kind: 'custom',
  slug: 'promocoes',
  locale: 'pt',
  type: 'user',
  code: PROVIDER.code,
  file: 'a.png',
};

/** The secret that signs a body sent to `path`, when it is a signed webhook. */
function signingSecret(path: string): string | null {
  if (path.startsWith('/api/pix/')) return FUZZ_WEBHOOK_SECRET;
  if (path.startsWith('/api/providers/')) return PROVIDER.secret;
  return null;
}

interface Route {
  method: string;
  path: string;
}

interface Finding {
  call: string;
  caller: CallerName;
  input: string;
  status: number;
  problem: string;
  body: string;
}

let tdb: TestDatabase;
let app: Hono;
let local: Tenant;
let sorte: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names one (NUL and jsonb behave differently there). */
const ENGINES = ['PGlite', ...(process.env.TEST_DATABASE_URL ? ['PostgreSQL'] : [])];

async function setUp(engine: string): Promise<void> {
  tdb = await freshDatabase({ pglite: engine === 'PGlite' });
  const db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  const tenant = async (domain: string): Promise<Tenant> => {
    const row = (await findTenantByDomain(db, domain))!;
    return { id: row.id, casinoId: row.config.casino_id, host: domain, key: demoOperatorKey(domain) };
  };
  local = await tenant('localhost');
  sorte = await tenant('sorte.localhost');
  makePlayer = playerMaker(db);
  app = fullApp(db, { GAME_PROVIDER_SECRETS: `${PROVIDER.code}:${PROVIDER.secret}` });
}

/** Routes of a third party's sandbox stand-in mounted in the app (never in production). */
function isThirdPartyStandIn(route: Route): boolean {
  return route.path.startsWith('/sandbox-');
}

/** Every route once: middleware-only entries (ALL, `*`) are skipped, a path mounted twice counts once. */
function routesOf(target: Hono): Route[] {
  const seen = new Map<string, Route>();
  for (const r of target.routes) {
    if (r.method === 'ALL' || r.path.endsWith('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

/** Fresh credentials per route: a route may log a player out or self-exclude them. */
async function callers(): Promise<Record<CallerName, Record<string, string>>> {
  const player = await makePlayer(local);
  const foreign = await makePlayer(sorte);
  return {
    guest: { host: HOST, 'guest-id': 'guest-Fuzz0000000001' },
    player: { host: HOST, authorization: `Bearer ${player.token}` },
    'foreign player': { host: HOST, authorization: `Bearer ${foreign.token}` },
    operator: { host: HOST, 'x-operator-key': local.key },
    'foreign operator': { host: HOST, 'x-operator-key': sorte.key },
    signer: { host: HOST },
  };
}

/** `path` with every parameter set to `value`, or to a plausible value when `value` is null. */
function withParams(path: string, value: string | null): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => value ?? PLAUSIBLE_PARAMS[name] ?? '1');
}

async function send(method: string, url: string, headers: Record<string, string>, body: FuzzBody | null, caller?: CallerName): Promise<Answer> {
  const sent: Record<string, string> = { ...headers };
  const init: RequestInit = { method, headers: sent };
  if (body?.form) init.body = body.form;
  else if (body?.bytes) {
    init.body = body.bytes;
    if (body.contentType) sent['content-type'] = body.contentType;
  } else if (body?.text !== undefined) {
    init.body = body.text;
    if (body.contentType) sent['content-type'] = body.contentType;
    const secret = caller === 'signer' ? signingSecret(url) : null;
    if (secret) sent[WEBHOOK_SIGNATURE_HEADER] = signWebhook(body.text, secret);
  }
  return withinTimeout(async () => app.request(url, init));
}

/** The body field names a route reports when sent `{}` (its schema's required fields). */
async function fieldsOf(route: Route, url: string, as: Record<CallerName, Record<string, string>>): Promise<string[]> {
  const fields = new Set<string>();
  for (const caller of ['operator', 'player', 'signer'] as const) {
    const answer = await send(route.method, url, as[caller], { label: '{}', text: '{}', contentType: 'application/json' }, caller);
    try {
      const errors = (JSON.parse(answer.text) as { errors?: Record<string, unknown> }).errors ?? {};
      for (const key of Object.keys(errors)) fields.add(key.split('.')[0]!);
    } catch {
      // Not JSON: nothing learned.
    }
  }
  return [...fields];
}

const routes = (): Route[] => routesOf(app);
/** FUZZ_ROUTES=<regex>: only the routes whose path matches are fuzzed (a feature's own run); every route otherwise. */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;

describe.each(ENGINES)('API fuzz on %s', (engine) => {
  beforeAll(() => setUp(engine), 60_000);
  afterAll(() => tdb?.close());

  it('finds the routes', () => {
    expect(routes().length).toBeGreaterThan(80);
  });

  it(
    'answers every hostile call with a 2xx or a 4xx carrying a message in the caller language, never a 5xx, hang or stack trace',
    async () => {
      const random = seededRandom(SEED);
      const findings: Finding[] = [];
      let calls = 0;
      const record = (route: Route, url: string, caller: CallerName, input: string, answer: Answer) => {
        calls += 1;
        const problem = problemWith(answer);
        // A third party's stand-in (the SIGAP sandbox) answers in that party's protocol (RFC 6749 `error`, no
        // translated `message`): it is held to no 5xx, no hang and no leak only. Production never mounts it.
        if (problem === 'error without a message' && isThirdPartyStandIn(route)) return;
        if (problem) findings.push({ call: `${route.method} ${url.slice(0, 120)}`, caller, input, status: answer.status, problem, body: answer.text.slice(0, 200) });
      };
      /** Calls again in English and expects the same status with a different (translated) message. */
      const inEnglish = async (route: Route, url: string, caller: CallerName, headers: Record<string, string>, body: FuzzBody | null, pt: Answer) => {
        if (pt.status < 400 || pt.status >= 500 || isThirdPartyStandIn(route)) return;
        const en = await send(route.method, url, { ...headers, 'accept-language': 'en-US,en;q=0.9' }, body, caller);
        record(route, url, caller, `${body?.label ?? 'no body'} (en)`, en);
        if (en.status === pt.status && messageOf(en) !== null && messageOf(en) === messageOf(pt)) {
          findings.push({ call: `${route.method} ${url.slice(0, 120)}`, caller, input: body?.label ?? 'no body', status: en.status, problem: 'same message in pt and en', body: en.text.slice(0, 200) });
        }
      };

      for (const route of routes().filter((r) => !ONLY || ONLY.test(r.path))) {
        const as = await callers();
        const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
        const base = withParams(route.path, null);
        const fields = hasBody ? await fieldsOf(route, base, as) : [];
        const bodies = hasBody ? [...fixedBodies(), ...schemaBodies(fields, random, 4)] : [null];
        const urls = [
          base,
          ...(route.path.includes(':') ? PARAM_VALUES.map((p) => withParams(route.path, p)) : []),
          ...(route.path.includes(':') ? [withParams(route.path, '')] : []),
          ...HOSTILE_QUERIES.map((q) => `${base}?${q}`),
          `${base}?${QUERY_NAMES.map((n) => `${n}=${encodeURIComponent(String(pick(random, ['-1', '0', 'x'.repeat(300), '🎰', '1e309', '[]'])))}`).join('&')}`,
        ];
        for (const caller of Object.keys(as) as CallerName[]) {
          const headers = as[caller];
          // Each kind of refusal (status) a caller meets on a route is asked again in English once.
          const checkedLanguage = new Set<number>();
          // Every body on the plain URL; the hostile URLs with a few bodies each.
          for (const body of bodies) {
            const answer = await send(route.method, base, headers, body, caller);
            record(route, base, caller, body?.label ?? 'no body', answer);
            if (answer.status >= 400 && !checkedLanguage.has(answer.status)) {
              checkedLanguage.add(answer.status);
              await inEnglish(route, base, caller, headers, body, answer);
            }
          }
          for (const url of urls.slice(1)) {
            const body = hasBody ? pick(random, bodies) : null;
            record(route, url, caller, `${body?.label ?? 'no body'} on a hostile URL`, await send(route.method, url, headers, body, caller));
          }
        }
      }
      console.log(`API fuzz on ${engine}: ${routes().length} routes, ${calls} calls, ${findings.length} findings`);
      expect(findings).toEqual([]);
    },
    // Each call has its own hang bound (withinTimeout); the whole sweep may take minutes on a loaded machine.
    900_000,
  );
});
