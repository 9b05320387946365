import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../../server/db/open.ts';
import { chatOperatorRoutes } from '../../../../server/features/chat/operator-routes.ts';
import { chatRoutes } from '../../../../server/features/chat/routes.ts';
import type { PrivacySettings } from '../../../../src/contract/validation/profile.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { type Answer, featureApp, jsonCaller, playerMaker, type Published, recordingPublisher, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

export type { Answer, Published, Tenant };

export interface CallOptions {
  token?: string;
  guest?: boolean;
  lang?: string;
  host?: string;
  body?: unknown;
  /** Sent as multipart instead of `body`. */
  form?: FormData;
}

export interface ChatHarness {
  tdb: TestDatabase;
  db: Db;
  local: Tenant;
  sorte: Tenant;
  published: Published[];
  /** Where uploaded chat images are written (a fresh temporary folder). */
  imagesDir: string;
  failPublish(fail: boolean): void;
  /** The platform clock (message times, mutes, pins and the rate limiter). */
  now(): Date;
  advance(seconds: number): void;
  player(opts?: { tenant?: Tenant; name?: string; settings?: Partial<PrivacySettings> }): Promise<{ userId: number; token: string }>;
  call(method: string, path: string, opts?: CallOptions): Promise<Answer>;
  /** The raw response of a call under `/api` (headers and bytes), as a visitor of `localhost`. */
  raw(method: string, path: string): Promise<Response>;
  operator(method: string, path: string, body?: unknown, opts?: { tenant?: Tenant; lang?: string }): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * Two tenants (`localhost`, `sorte.localhost`), the chat routes wired as
 * server/app.ts does (operator calls outside the tenant middleware, player
 * calls behind it), a recording publisher, a clock the test moves and
 * uploaded images in a temporary folder, with URLs under `/api`.
 */
export async function chatHarness(): Promise<ChatHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  const { local, sorte } = await twoDemoTenants(db);
  const publisher = recordingPublisher();
  let now = new Date('2026-03-01T12:00:00Z');
  const deps = { db, log: silentLog, now: () => now, publish: publisher.publish };

  const dataDir = await mkdtemp(join(tmpdir(), 'chat-images-'));
  const imagesDir = join(dataDir, 'chat-images');
  const app = featureApp(db, { operator: [chatOperatorRoutes({ ...deps, dataDir })], tenant: [chatRoutes({ ...deps, dataDir, apiBase: '/api' })] });
  const request = jsonCaller(app);
  const makePlayer = playerMaker(db);
  return {
    tdb,
    db,
    local,
    sorte,
    published: publisher.published,
    imagesDir,
    failPublish: publisher.fail,
    now: () => now,
    advance: (seconds) => (now = new Date(now.getTime() + seconds * 1000)),
    player(o = {}) {
      const privacy = { hide_username: false, hide_statistics: false, hide_activity: false, hide_played_games: false, hide_battle_rewards: false, hide_all: false, receive_promotions_email: false };
      return makePlayer(o.tenant ?? local, { ...(o.name ? { name: o.name } : {}), ...(o.settings ? { settings: { ...privacy, ...o.settings } } : {}) });
    },
    call(method, path, o = {}) {
      const headers: Record<string, string> = { host: o.host ?? 'localhost', 'accept-language': o.lang ?? 'en' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.guest) headers['guest-id'] = 'guest-abcdef123456';
      return request(method, path, headers, o.form ?? o.body);
    },
    raw: async (method, path) => app.request(`/api${path}`, { method, headers: { host: 'localhost' } }),
    operator(method, path, body, o = {}) {
      const tenant = o.tenant ?? local;
      return request(method, `/operator${path}`, { host: tenant.host, 'x-operator-key': tenant.key, 'accept-language': o.lang ?? 'en' }, body);
    },
    close: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await tdb.close();
    },
  };
}
