import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app.ts';
import { type Config, getConfig } from '../../../../server/config.ts';
import { createLogger } from '../../../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { PRODUCTION_ENV } from '../../helpers/production-env.ts';

/* The sandbox stand-in's HTTP surface at /sandbox-sigap: there in the demo, absent (404) in production mode. */

const PRODUCTION = getConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' });
const DEMO = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent' });

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
});
afterAll(() => tdb.close());

const appWith = (config: Config) => createApp({ db: tdb.handle.db, config, sites: fakeSiteBuilder(), logger: createLogger('silent') });
const basic = `Basic ${Buffer.from('sandbox-sigap-client:development-sigap-client-secret').toString('base64')}`;

describe('/sandbox-sigap', () => {
  it('speaks the protocol and takes the demo controls in the demo', async () => {
    const app = appWith(DEMO);
    expect((await app.request('/sandbox-sigap/health')).status).toBe(200);
    const put = await app.request('/sandbox-sigap/barred/52998224725', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"reason":"teste"}' });
    expect(put.status).toBe(204);
    const token = await app.request('/sandbox-sigap/oauth/token', {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const query = await app.request('/sandbox-sigap/v1/impedidos/consulta', {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cpfs: ['52998224725', '11122233396', '39053344705'] }),
    });
    expect(((await query.json()) as { resultados: Array<{ impedido: boolean }> }).resultados.map((r) => r.impedido)).toEqual([true, true, false]);
    const refused = await app.request('/sandbox-sigap/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('sandbox-sigap-client:guess').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(refused.status).toBe(401);
  });

  it('answers 404 in production mode, even with the sandbox configured by hand past the refusal', async () => {
    expect((await appWith(PRODUCTION).request('/sandbox-sigap/health')).status).toBe(404);
    expect((await appWith({ ...PRODUCTION, barred: DEMO.barred }).request('/sandbox-sigap/health')).status).toBe(404);
  });
});
