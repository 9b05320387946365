import type { Db } from '../../../../server/db/open.ts';
import type { PushMessage, PushTarget } from '../../../../server/features/notifications/deps.ts';
import { notificationOperatorRoutes } from '../../../../server/features/notifications/operator-routes.ts';
import { notificationRoutes } from '../../../../server/features/notifications/routes.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { type Answer, featureApp, jsonCaller, playerMaker, type Published, recordingPublisher, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

export type { Answer, Published, Tenant };

export interface NotificationsHarness {
  tdb: TestDatabase;
  db: Db;
  local: Tenant;
  sorte: Tenant;
  published: Published[];
  pushed: Array<{ target: PushTarget; message: PushMessage }>;
  /** Makes publish / push throw (failures must never fail a notification). */
  failPublish(fail: boolean): void;
  failPush(fail: boolean): void;
  /** The clock of read and creation times. */
  setNow(date: Date): void;
  player(opts?: { tenant?: Tenant; language?: 'pt' | 'en' }): Promise<{ userId: number; token: string }>;
  call(method: string, path: string, opts?: { token?: string; lang?: string; host?: string }): Promise<Answer>;
  operator(body: unknown, opts?: { tenant?: Tenant; lang?: string }): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * Two tenants (`localhost`, `sorte.localhost`), the notification routes
 * wired as server/app.ts does (operator calls outside the tenant middleware,
 * player calls behind it), a recording publisher and push sender.
 */
export async function notificationsHarness(): Promise<NotificationsHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  const { local, sorte } = await twoDemoTenants(db);
  const publisher = recordingPublisher();
  const pushed: NotificationsHarness['pushed'] = [];
  let pushFails = false;
  let now = new Date('2026-03-01T12:00:00Z');
  const deps = {
    db,
    log: silentLog,
    now: () => now,
    publish: publisher.publish,
    push: async (target: PushTarget, message: PushMessage) => {
      pushed.push({ target, message });
      if (pushFails) throw new Error('push service down');
    },
  };
  const app = featureApp(db, { operator: [notificationOperatorRoutes(deps)], tenant: [notificationRoutes(deps)] });
  const request = jsonCaller(app);
  const makePlayer = playerMaker(db);
  return {
    tdb,
    db,
    local,
    sorte,
    published: publisher.published,
    pushed,
    failPublish: publisher.fail,
    failPush: (fail) => (pushFails = fail),
    setNow: (date) => (now = date),
    player(o = {}) {
      return makePlayer(o.tenant ?? local, { language: o.language ?? 'pt' });
    },
    call(method, path, o = {}) {
      const headers: Record<string, string> = { host: o.host ?? 'localhost', 'accept-language': o.lang ?? 'en' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      return request(method, path, headers);
    },
    operator(body, o = {}) {
      const tenant = o.tenant ?? local;
      return request(
        'POST',
        '/operator/notifications',
        { host: tenant.host, 'x-operator-key': tenant.key, 'accept-language': o.lang ?? 'en' },
        body,
      );
    },
    close: () => tdb.close(),
  };
}
