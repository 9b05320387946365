import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { type Config, getConfig } from '../../server/config.ts';
import { createSandboxPsp } from '../../server/features/payments/sandbox/sandbox-psp.ts';
import { createLogger } from '../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from './helpers/app.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';
import { PRODUCTION_ENV } from './helpers/production-env.ts';

/**
 * Sandbox-only routes (the sandbox's "bank" that pays any charge, the
 * development outbox of verification codes) do not exist in production
 * mode, even when a sandbox PSP or DEV_OUTBOX reaches `createApp` by hand.
 */
const SECRET = PRODUCTION_ENV.PIX_WEBHOOK_SECRET!;
const PRODUCTION = getConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' });
const DEMO = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PIX_WEBHOOK_SECRET: SECRET });

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
});
afterAll(() => tdb.close());

function appWith(config: Config) {
  const db = tdb.handle.db;
  const psp = createSandboxPsp({ db, merchantName: 'Cassino', merchantCity: 'Sao Paulo', webhookUrl: 'http://localhost/api/pix/webhook', webhookSecret: SECRET });
  return createApp({ db, config: { ...config, devOutbox: true }, sites: fakeSiteBuilder(), logger: createLogger('silent'), payments: { psp, publish: async () => {} } });
}

const pay = (app: ReturnType<typeof createApp>) =>
  app.request('/api/pix/sandbox/pay', { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/json' }, body: '{"txid":"abc"}' });
const outbox = (app: ReturnType<typeof createApp>) => app.request('/api/dev/outbox?to=%2B5511987650001', { headers: { host: 'localhost' } });
const sportsbook = (app: ReturnType<typeof createApp>) => app.request('/sandbox-sportsbook/api/events', { headers: { host: 'localhost' } });

describe('sandbox-only routes', () => {
  it('exist in the demo', async () => {
    const app = appWith(DEMO);
    expect((await pay(app)).status).toBe(401);
    expect((await outbox(app)).status).toBe(200);
    expect((await sportsbook(app)).status).toBe(200);
  });

  it('answer 404 in production mode', async () => {
    const app = appWith(PRODUCTION);
    expect(PRODUCTION.production).toBe(true);
    expect((await pay(app)).status).toBe(404);
    expect((await outbox(app)).status).toBe(404);
    expect((await sportsbook(app)).status).toBe(404);
    // Not even with the sandbox sportsbook wired by hand past the configuration's refusal.
    expect((await sportsbook(appWith({ ...PRODUCTION, sportsbook: DEMO.sportsbook }))).status).toBe(404);
    // The rest of the API is there: the PSP webhook still checks its signature.
    expect((await app.request('/api/pix/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pix":[]}' })).status).toBe(401);
  });
});
