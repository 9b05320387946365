import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushKeyAnswer } from '../../../../src/contract/push.ts';
import { openDatabase } from '../../../../server/db/open.ts';
import type { PushDeps } from '../../../../server/features/push/deps.ts';
import { pushSubscriptions, vapidKeys } from '../../../../server/features/push/schema.ts';
import { createPushSender } from '../../../../server/features/push/send.ts';
import { loadOrCreateVapidKeys, vapidKeyPair } from '../../../../server/features/push/vapid-keys.ts';
import { tenants } from '../../../../server/features/tenants/schema.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import type { Logger } from '../../../../server/logger.ts';
import { seedDemoTenants, silentLog, testApp } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { decryptPush, type LocalPushService, newSubscriber, readVapid, startLocalPushService, type Subscriber } from './local-push-service.ts';

let tdb: TestDatabase;
let app: Hono;
let strictApp: Hono;
let service: LocalPushService;
let localTenantId: number;
let sorteTenantId: number;
let players = 0;

beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  app = testApp(tdb.handle.db, { env: { PUSH_ALLOW_LOOPBACK_HTTP: 'true', VAPID_SUBJECT: 'mailto:ops@casino.test' } });
  strictApp = testApp(tdb.handle.db);
  service = await startLocalPushService();
  const tenantId = async (domain: string) => (await tdb.handle.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.domain, domain)))[0]!.id;
  localTenantId = await tenantId('localhost');
  sorteTenantId = await tenantId('sorte.localhost');
});
afterAll(async () => {
  await service?.close();
  await tdb?.close();
});

async function player(tenantId = localTenantId): Promise<{ userId: number; token: string }> {
  players += 1;
  const [row] = await tdb.handle.db
    .insert(users)
    .values({ tenantId, name: `Jogador ${players} Push`, username: `+55118${String(players).padStart(8, '0')}`, language: 'pt' })
    .returning({ id: users.id });
  const { token } = await issueAccessToken(tdb.handle.db, { userId: row!.id, tenantId });
  return { userId: row!.id, token };
}

async function call(method: string, path: string, opts: { token?: string; body?: unknown; lang?: string; host?: string; on?: Hono } = {}) {
  const headers: Record<string, string> = { host: opts.host ?? 'localhost', 'accept-language': opts.lang ?? 'en', 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await (opts.on ?? app).request(`/api${path}`, { method, headers, ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

let endpoints = 0;
function subscriptionFor(subscriber: Subscriber, path = `/push/${++endpoints}`) {
  return { endpoint: `${service.origin}${path}`, keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } };
}

async function subscribe(token: string, subscriber: Subscriber, path?: string): Promise<string> {
  const body = subscriptionFor(subscriber, path);
  const answer = await call('POST', '/subscription', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return body.endpoint;
}

const recordingLog = () => {
  const warnings: string[] = [];
  const log: Logger = { debug() {}, info() {}, warn: (m) => void warnings.push(m), error: (m) => void warnings.push(m) };
  return { log, warnings };
};

function sender(overrides: Partial<PushDeps> = {}) {
  return createPushSender({ db: tdb.handle.db, log: silentLog, vapidSubject: 'mailto:ops@casino.test', allowLoopbackHttp: true, ...overrides });
}

const storedRows = (endpoint: string) => tdb.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('VAPID key', () => {
  it('is generated once, stored, and served by GET /subscription/key to anyone', async () => {
    const first = await call('GET', '/subscription/key');
    expect(first.status).toBe(200);
    const { publicKey } = first.body as unknown as PushKeyAnswer;
    const point = Buffer.from(publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    const again = await call('GET', '/subscription/key', { host: 'sorte.localhost' });
    expect(again.body.publicKey).toBe(publicKey);
    const rows = await tdb.handle.db.select().from(vapidKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.publicKey).toBe(publicKey);
    expect(Buffer.from(rows[0]!.privateKey, 'base64url').length).toBe(32);
  });

  it('ends with one key when several nodes start at once on an empty table', async () => {
    const fresh = await freshDatabase();
    try {
      // A second connection (another node) where the engine allows one; PGlite has one connection, whose statements still interleave.
      const other = fresh.url.startsWith('postgres') ? await openDatabase(fresh.url) : null;
      try {
        const dbs = [fresh.handle.db, other?.db ?? fresh.handle.db];
        const pairs = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => loadOrCreateVapidKeys(dbs[i % 2]!)));
        expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
        expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1);
        expect(await fresh.handle.db.select().from(vapidKeys)).toHaveLength(1);
        // Later starts reuse it.
        expect((await vapidKeyPair(fresh.handle.db)).publicKey).toBe(pairs[0]!.publicKey);
      } finally {
        await other?.close();
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /subscription', () => {
  it('answers 401 to guests and stores nothing', async () => {
    const body = subscriptionFor(newSubscriber());
    const answer = await call('POST', '/subscription', { body });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Your session has expired. Please log in again.');
    expect(await storedRows(body.endpoint)).toHaveLength(0);
  });

  it('stores a valid subscription for the player', async () => {
    const me = await player();
    const subscriber = newSubscriber();
    const endpoint = await subscribe(me.token, subscriber);
    const [row] = await storedRows(endpoint);
    expect(row).toMatchObject({ tenantId: localTenantId, userId: me.userId, p256dh: subscriber.p256dh, auth: subscriber.auth });
  });

  it('upserts by endpoint: new keys or another player on the same browser update the one row', async () => {
    const first = await player();
    const second = await player();
    const path = `/push/shared-${++endpoints}`;
    const endpoint = await subscribe(first.token, newSubscriber(), path);
    const renewed = newSubscriber();
    await subscribe(second.token, renewed, path);
    const rows = await storedRows(endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: second.userId, p256dh: renewed.p256dh, auth: renewed.auth });
  });

  it('refuses malformed subscriptions with field errors in the player language, writing nothing', async () => {
    const me = await player();
    const good = subscriptionFor(newSubscriber());
    const notOnCurve = Buffer.alloc(65, 7);
    notOnCurve[0] = 4;
    const cases: Array<[unknown, string, string]> = [
      [{ ...good, endpoint: '' }, 'endpoint', 'The notification subscription address is invalid.'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint', 'The notification subscription address is invalid.'],
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(33, 1).toString('base64url') } }, 'keys.p256dh', 'The notification subscription public key is invalid.'],
      [{ ...good, keys: { ...good.keys, p256dh: notOnCurve.toString('base64url') } }, 'keys.p256dh', 'The notification subscription public key is invalid.'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(12, 1).toString('base64url') } }, 'keys.auth', 'The notification subscription secret is invalid.'],
      [{ ...good, keys: { ...good.keys, auth: 'not*base64' } }, 'keys.auth', 'The notification subscription secret is invalid.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('POST', '/subscription', { token: me.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect((answer.body.errors as Record<string, string[]>)[field]).toEqual([message]);
    }
    const pt = await call('POST', '/subscription', { token: me.token, body: { ...good, keys: { ...good.keys, auth: 'x' } }, lang: 'pt-BR' });
    expect((pt.body.errors as Record<string, string[]>)['keys.auth']).toEqual(['O segredo da inscrição para notificações é inválido.']);
    expect(await storedRows(good.endpoint)).toHaveLength(0);
  });

  it('accepts only public https endpoints unless loopback http is allowed by configuration', async () => {
    const me = await player();
    const keys = subscriptionFor(newSubscriber()).keys;
    const refusedEverywhere = ['ftp://push.example.com/x', 'https://user:pw@push.example.com/x', 'https://10.0.0.5/x', 'https://intranet/x'];
    for (const endpoint of refusedEverywhere) {
      const answer = await call('POST', '/subscription', { token: me.token, body: { endpoint, keys } });
      expect(answer.status, endpoint).toBe(422);
    }
    const strict = await call('POST', '/subscription', { token: me.token, body: { endpoint: `${service.origin}/strict`, keys }, on: strictApp });
    expect(strict.status).toBe(422);
    expect((strict.body.errors as Record<string, string[]>).endpoint).toEqual(['The notification subscription address is invalid.']);
    const https = await call('POST', '/subscription', { token: me.token, body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys }, on: strictApp });
    expect(https.status).toBe(201);
    await tdb.handle.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'https://fcm.googleapis.com/fcm/send/abc123'));
  });
});

describe('POST /subscription/prompt', () => {
  it("records the player's last close and refusal, which /auth/me returns on any device", async () => {
    expect((await call('POST', '/subscription/prompt', { body: { answer: 'closed' } })).status).toBe(401);
    const p = await player();
    const before = await call('GET', '/auth/me', { token: p.token });
    expect((before.body.data as { push_prompt: unknown }).push_prompt).toEqual({ closed_at: null, denied_at: null });

    const started = Date.now();
    expect((await call('POST', '/subscription/prompt', { token: p.token, body: { answer: 'closed' } })).status).toBe(204);
    const closed = (await call('GET', '/auth/me', { token: p.token })).body.data as { push_prompt: { closed_at: string; denied_at: null } };
    expect(Date.parse(closed.push_prompt.closed_at)).toBeGreaterThanOrEqual(started - 1000);
    expect(closed.push_prompt.denied_at).toBeNull();

    expect((await call('POST', '/subscription/prompt', { token: p.token, body: { answer: 'denied' } })).status).toBe(204);
    const denied = (await call('GET', '/auth/me', { token: p.token })).body.data as { push_prompt: { closed_at: string; denied_at: string } };
    expect(denied.push_prompt.closed_at).toBe(closed.push_prompt.closed_at);
    expect(Date.parse(denied.push_prompt.denied_at)).toBeGreaterThanOrEqual(started - 1000);

    expect((await call('POST', '/subscription/prompt', { token: p.token, body: { answer: 'later' } })).status).toBe(422);
  });
});

describe('sending', () => {
  it('delivers an encrypted, VAPID-signed message the subscriber decrypts', async () => {
    const me = await player();
    const subscriber = newSubscriber();
    const endpoint = await subscribe(me.token, subscriber);
    const before = service.received.length;

    await sender()({ tenantId: localTenantId, userId: me.userId }, { title: 'Bônus liberado', body: 'Seu bônus de R$ 10,00 chegou.', url: '/pt-BR/account/bonuses' });

    const mine = service.received.slice(before);
    expect(mine).toHaveLength(1);
    const push = mine[0]!;
    expect(push.path).toBe(new URL(endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decryptPush(push.body, subscriber))).toEqual({ title: 'Bônus liberado', body: 'Seu bônus de R$ 10,00 chegou.', url: '/pt-BR/account/bonuses' });

    const vapid = readVapid(String(push.headers.authorization));
    const [stored] = await tdb.handle.db.select().from(vapidKeys);
    expect(vapid.publicKey).toBe(stored!.publicKey);
    expect(vapid.signatureValid).toBe(true);
    expect(vapid.claims.aud).toBe(service.origin);
    expect(vapid.claims.sub).toBe('mailto:ops@casino.test');
    const nowSeconds = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(nowSeconds);
    expect(vapid.claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 60 * 60);
    expect((await storedRows(endpoint))[0]!.lastSentAt).not.toBeNull();
  });

  it('a tampered body does not decrypt (the check above is meaningful)', async () => {
    const me = await player();
    const subscriber = newSubscriber();
    await subscribe(me.token, subscriber);
    const before = service.received.length;
    await sender()({ tenantId: localTenantId, userId: me.userId }, { title: 'T', body: 'B' });
    const body = Buffer.from(service.received[before]!.body);
    body[body.length - 1]! ^= 1;
    expect(() => decryptPush(body, subscriber)).toThrow();
    expect(() => decryptPush(service.received[before]!.body, newSubscriber())).toThrow();
  });

  it('with userId null reaches every subscribed player of the tenant and no other tenant', async () => {
    await tdb.handle.db.delete(pushSubscriptions);
    const a = await player();
    const b = await player();
    const elsewhere = await player(sorteTenantId);
    const subA = newSubscriber();
    const subB = newSubscriber();
    const endpointA = await subscribe(a.token, subA);
    const endpointB = await subscribe(b.token, subB);
    const otherEndpoint = subscriptionFor(newSubscriber());
    expect((await call('POST', '/subscription', { token: elsewhere.token, body: otherEndpoint, host: 'sorte.localhost' })).status).toBe(201);
    const before = service.received.length;

    await sender()({ tenantId: localTenantId, userId: null }, { title: 'Aviso', body: 'Para todos' });

    const paths = service.received.slice(before).map((p) => p.path).sort();
    expect(paths).toEqual([new URL(endpointA).pathname, new URL(endpointB).pathname].sort());
    const byPath = new Map(service.received.slice(before).map((p) => [p.path, p]));
    expect(JSON.parse(decryptPush(byPath.get(new URL(endpointA).pathname)!.body, subA)).title).toBe('Aviso');
    expect(JSON.parse(decryptPush(byPath.get(new URL(endpointB).pathname)!.body, subB)).body).toBe('Para todos');
  });

  it("gives each browser its player's language when the message has translations", async () => {
    await tdb.handle.db.delete(pushSubscriptions);
    const pt = await player();
    const en = await player();
    await tdb.handle.db.update(users).set({ language: 'en' }).where(eq(users.id, en.userId));
    const subPt = newSubscriber();
    const subEn = newSubscriber();
    const endpointPt = await subscribe(pt.token, subPt);
    const endpointEn = await subscribe(en.token, subEn);
    const before = service.received.length;

    await sender()(
      { tenantId: localTenantId, userId: null },
      { title: 'Aviso', body: 'Para todos', translations: { pt: { title: 'Aviso', body: 'Para todos' }, en: { title: 'Notice', body: 'For everyone' } } },
    );

    const byPath = new Map(service.received.slice(before).map((p) => [p.path, p]));
    expect(JSON.parse(decryptPush(byPath.get(new URL(endpointPt).pathname)!.body, subPt))).toEqual({ title: 'Aviso', body: 'Para todos' });
    expect(JSON.parse(decryptPush(byPath.get(new URL(endpointEn).pathname)!.body, subEn))).toEqual({ title: 'Notice', body: 'For everyone' });
  });

  it('removes subscriptions the push service answers 410 or 404, keeps others', async () => {
    const me = await player();
    const gone = await subscribe(me.token, newSubscriber());
    const missing = await subscribe(me.token, newSubscriber());
    const busy = await subscribe(me.token, newSubscriber());
    service.answer(new URL(gone).pathname, 410);
    service.answer(new URL(missing).pathname, 404);
    service.answer(new URL(busy).pathname, 503);
    const { log, warnings } = recordingLog();

    await sender({ log })({ tenantId: localTenantId, userId: me.userId }, { title: 'T', body: 'B' });

    expect(await storedRows(gone)).toHaveLength(0);
    expect(await storedRows(missing)).toHaveLength(0);
    expect(await storedRows(busy)).toHaveLength(1);
    expect(warnings.some((w) => w.includes('503'))).toBe(true);
  });

  it('never throws: an unreachable endpoint or a failing database is logged', async () => {
    const me = await player();
    const unreachable = `http://127.0.0.1:1/push/${++endpoints}`;
    const subscriber = newSubscriber();
    expect((await call('POST', '/subscription', { token: me.token, body: { endpoint: unreachable, keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } } })).status).toBe(201);
    const { log, warnings } = recordingLog();
    await expect(sender({ log })({ tenantId: localTenantId, userId: me.userId }, { title: 'T', body: 'B' })).resolves.toBeUndefined();
    expect(warnings.length).toBeGreaterThan(0);
    expect(await storedRows(unreachable)).toHaveLength(1);

    const broken = recordingLog();
    const failingDb = { select: () => { throw new Error('database down'); } } as unknown as PushDeps['db'];
    await expect(sender({ db: failingDb, log: broken.log })({ tenantId: localTenantId, userId: null }, { title: 'T', body: 'B' })).resolves.toBeUndefined();
    expect(broken.warnings).toHaveLength(1);
  });

  it('sends nothing when the target has no subscription', async () => {
    const me = await player();
    const before = service.received.length;
    await sender()({ tenantId: localTenantId, userId: me.userId }, { title: 'T', body: 'B' });
    expect(service.received.length).toBe(before);
  });
});
