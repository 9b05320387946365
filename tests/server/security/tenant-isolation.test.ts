import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { tenants } from '../../../server/features/tenants/schema.ts';
import { forgetCachedTenants } from '../../../server/features/tenants/tenant-cache.ts';
import { applyMovement } from '../../../server/features/wallet/movement.ts';
import { broadcastingRoutes, channelPolicy } from '../../../server/realtime/index.ts';
import { fakeSiteBuilder, silentLog, testConfig } from '../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { type Answer, jsonCaller, playerMaker, type Published, recordingPublisher, type Tenant, twoDemoTenants } from '../helpers/feature-harness.ts';

/**
 * Issue 12, defect 1: a tenant's realtime channels are named by its own id.
 * An operator that tries to take another tenant's `casino_id` is refused,
 * and even a stored configuration that says so (an older database) moves
 * none of its chat, notifications, bets or channel authorisations onto the
 * other tenant's channels.
 */

let tdb: TestDatabase;
let app: Hono;
let local: Tenant;
let sorte: Tenant;
let published: Published[];
let call: (method: string, path: string, headers: Record<string, string>, body?: unknown) => Promise<Answer>;
let player: ReturnType<typeof playerMaker>;

beforeAll(async () => {
  tdb = await freshDatabase();
  const db = tdb.handle.db;
  ({ local, sorte } = await twoDemoTenants(db));
  const recorder = recordingPublisher();
  published = recorder.published;
  const config = testConfig();
  app = createApp({
    db,
    config,
    sites: fakeSiteBuilder(),
    logger: silentLog,
    publish: recorder.publish,
    extraRoutes: [broadcastingRoutes({ key: config.realtime.key, secret: config.realtime.secret, canJoin: channelPolicy })],
  });
  call = jsonCaller(app);
  player = playerMaker(db);
});
afterAll(() => tdb.close());

const operator = (tenant: Tenant, method: string, body: unknown, lang = 'pt-BR') =>
  call(method, '/operator/site-config', { 'x-operator-key': tenant.key, host: 'platform.internal', 'accept-language': lang }, body);

const storedConfig = async (tenant: Tenant) => (await tdb.handle.db.select({ config: tenants.config }).from(tenants).where(eq(tenants.id, tenant.id)))[0]!.config;

/** Channel authorisation as pusher-js asks it, from the tenant's own site. */
const channelAuth = (tenant: Tenant, who: { token?: string; guest?: string }, channel: string) =>
  call('POST', '/broadcasting/auth', {
    host: tenant.host,
    ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
    ...(who.guest ? { 'guest-id': who.guest } : {}),
  }, { socket_id: '123.456', channel_name: channel });

describe('casino_id is the tenant id, not the operator’s to choose', () => {
  it('the demo tenants and GET /api/site-config carry casino_id = tenant id', async () => {
    for (const tenant of [local, sorte]) {
      expect(tenant.casinoId).toBe(tenant.id);
      const site = await call('GET', `/site-config?domain=${tenant.host}`, {});
      expect(site.body.casino_id).toBe(tenant.id);
    }
  });

  it("refuses PUT and PATCH naming another tenant's casino_id with 422 and a pt/en field error, changing nothing", async () => {
    const before = await storedConfig(sorte);
    const patch = await operator(sorte, 'PATCH', { casino_id: local.id, siteTitle: 'Sequestro' });
    expect(patch.status).toBe(422);
    expect(patch.body.errors).toEqual({ casino_id: ['O casino_id é o identificador da própria plataforma e não pode ser alterado.'] });
    const put = await operator(sorte, 'PUT', { ...before, casino_id: local.id }, 'en');
    expect(put.status).toBe(422);
    expect(put.body.errors).toEqual({ casino_id: ["casino_id is this platform's own identifier and cannot be changed."] });
    expect(await storedConfig(sorte)).toEqual(before);
  });

  it('accepts a write that leaves casino_id out or repeats its own', async () => {
    const { config } = (await operator(sorte, 'GET', undefined)).body as { config: Record<string, unknown> };
    expect(config.casino_id).toBe(sorte.id);
    expect((await operator(sorte, 'PUT', config)).status).toBe(200);
    const { casino_id: _omitted, ...withoutId } = config;
    const put = await operator(sorte, 'PUT', withoutId);
    expect(put.status).toBe(200);
    expect((put.body.config as Record<string, unknown>).casino_id).toBe(sorte.id);
    expect((await operator(sorte, 'PATCH', { casino_id: sorte.id })).status).toBe(200);
    expect((await storedConfig(sorte)).casino_id).toBe(sorte.id);
  });
});

describe("a stored casino_id naming another tenant's (older database) changes no channel", () => {
  beforeAll(async () => {
    await tdb.handle.db
      .update(tenants)
      .set({ config: sql`jsonb_set(${tenants.config}, '{casino_id}', to_jsonb(${local.id}::int))` })
      .where(eq(tenants.id, sorte.id));
    forgetCachedTenants();
    expect((await storedConfig(sorte)).casino_id).toBe(local.id);
  });

  it('serves and builds the tenant id, and a PATCH of something else still succeeds', async () => {
    expect((await findTenantByDomain(tdb.handle.db, sorte.host))!.config.casino_id).toBe(sorte.id);
    expect((await call('GET', `/site-config?domain=${sorte.host}`, {})).body.casino_id).toBe(sorte.id);
    const patch = await operator(sorte, 'PATCH', { min_deposit: 1_500 });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    // The write stores the right value again; forge it back for the tests below.
    expect((await storedConfig(sorte)).casino_id).toBe(sorte.id);
    await tdb.handle.db
      .update(tenants)
      .set({ config: sql`jsonb_set(${tenants.config}, '{casino_id}', to_jsonb(${local.id}::int))` })
      .where(eq(tenants.id, sorte.id));
    forgetCachedTenants();
  });

  it("public: sorte's chat messages, global notices and bets go to universal-public.{sorte}, never localhost's", async () => {
    published.length = 0;
    const { userId, token } = await player(sorte);
    const headers = { host: sorte.host, authorization: `Bearer ${token}` };

    const chat = await call('POST', '/chat/messages', headers, { text: 'Olá, Sorte' });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    const notice = await call('POST', '/operator/notifications', { 'x-operator-key': sorte.key, host: 'platform.internal' }, { title: 'Aviso', message: 'Bônus hoje' });
    expect(notice.status, JSON.stringify(notice.body)).toBe(201);
    await applyMovement(tdb.handle.db, { tenantId: sorte.id, userId, type: 'deposit', amount: 10_000, reference: 'isolation-dep' });
    const round = await call('POST', '/house/dice/play', headers, { amount: 100, demo: false, params: { target: 5000, direction: 'under' } });
    expect(round.status, JSON.stringify(round.body)).toBe(200);

    const publicEvents = published.filter((p) => p.channels.some((c) => c.startsWith('universal-public.')));
    expect(publicEvents.map((p) => p.event.split('\\').pop()).sort()).toEqual(['BetPlaced', 'BetPlaced', 'MessageSent', 'NotificationSent']);
    for (const event of publicEvents) expect(event.channels).toEqual([`universal-public.${sorte.id}`]);
  });

  it("public: channel auth for localhost's public channel is refused to sorte's visitors and players", async () => {
    const { token } = await player(sorte);
    expect((await channelAuth(sorte, { token }, `universal-public.${local.id}`)).status).toBe(403);
    expect((await channelAuth(sorte, { guest: 'guest-isolation-1' }, `universal-public.${local.id}`)).status).toBe(403);
    expect((await channelAuth(sorte, { token }, `universal-public.${sorte.id}`)).status).toBe(200);
  });

  it("presence: sorte's visitors and players join sorte's presence channel, never localhost's", async () => {
    const { token } = await player(sorte);
    expect((await channelAuth(sorte, { token }, `presence-universal-public.${local.id}`)).status).toBe(403);
    expect((await channelAuth(sorte, { guest: 'guest-isolation-2' }, `presence-universal-public.${local.id}`)).status).toBe(403);
    const own = await channelAuth(sorte, { token }, `presence-universal-public.${sorte.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toHaveProperty('channel_data');
  });

  it("private: nobody of sorte gets a localhost player's private channel or sends a notification to it", async () => {
    const victim = await player(local);
    const { token } = await player(sorte);
    expect((await channelAuth(sorte, { token }, `private-universal.${victim.userId}`)).status).toBe(403);
    // A localhost player's token does not even work on sorte's site.
    expect((await channelAuth(sorte, { token: victim.token }, `private-universal.${victim.userId}`)).status).toBe(403);
    published.length = 0;
    const notice = await call('POST', '/operator/notifications', { 'x-operator-key': sorte.key, host: 'platform.internal' }, { user_id: victim.userId, title: 'Oi', message: 'Oi' });
    expect(notice.status).toBe(422);
    expect(published).toEqual([]);
  });
});
