import type { Hono } from 'hono';
import type { Db } from '../../../../server/db/open.ts';
import { houseRoutes } from '../../../../server/features/house/routes.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { demoTenant, featureApp, jsonCaller, playerMaker, type Published, recordingPublisher } from '../../helpers/feature-harness.ts';

export interface HouseHarness {
  tdb: TestDatabase;
  db: Db;
  app: Hono;
  tenantId: number;
  casinoId: number;
  published: Published[];
  /** Makes publish throw (to prove failures never undo a round). */
  failPublish(fail: boolean): void;
  /** A player row and a bearer token for it. */
  player(name?: string): Promise<{ userId: number; token: string }>;
  call(method: string, path: string, opts?: { body?: unknown; token?: string; guest?: string; lang?: string }): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The real app (tenant + actor middleware) with the house routes mounted as server/app.ts mounts them, and a recording publisher. */
export async function houseHarness(): Promise<HouseHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  // The demo `localhost` tenant only (no demo catalogue: these tests need none).
  const tenant = await demoTenant(db, 'localhost');
  const recorder = recordingPublisher();
  const app = featureApp(db, { operator: [], tenant: [houseRoutes({ db, publish: recorder.publish, log: silentLog })] });
  const makePlayer = playerMaker(db);
  const request = jsonCaller(app);
  return {
    tdb,
    db,
    app,
    tenantId: tenant.id,
    casinoId: tenant.casinoId,
    published: recorder.published,
    failPublish: recorder.fail,
    player: (name = 'Maria Silva Souza') => makePlayer(tenant, { name }),
    call(method, path, o = {}) {
      const headers: Record<string, string> = { host: 'localhost' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.guest) headers['guest-id'] = o.guest;
      if (o.lang) headers['accept-language'] = o.lang;
      // A string body is sent as is, still labelled JSON (the malformed-JSON case).
      if (typeof o.body === 'string') headers['content-type'] = 'application/json';
      return request(method, path, headers, o.body);
    },
    close: () => tdb.close(),
  };
}
