import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app.ts';
import type { Db } from '../../../../server/db/open.ts';
import { fakeSiteBuilder, silentLog, testConfig } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';

/** Issue 12: liveness and readiness probes for load balancers and supervisors. */
let tdb: TestDatabase;
let sitesDir: string;
beforeAll(async () => {
  tdb = await freshDatabase();
  sitesDir = await mkdtemp(join(tmpdir(), 'health-sites-'));
});
afterAll(async () => {
  await tdb.close();
  await rm(sitesDir, { recursive: true, force: true });
});

function app(opts: { db?: Db; env?: Record<string, string>; serveSites?: boolean; draining?: boolean } = {}): Hono {
  return createApp({
    db: opts.db ?? tdb.handle.db,
    config: testConfig({ SITES_DIR: sitesDir, ...opts.env }),
    sites: fakeSiteBuilder(),
    logger: silentLog,
    ...(opts.serveSites ? { staticSites: async (_c, next) => next() } : {}),
    isDraining: () => opts.draining ?? false,
  });
}

async function ready(target: Hono, host = 'unknown.example'): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await target.request('/api/ready', { headers: { host, 'accept-language': 'en' } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /api/health', () => {
  it('answers 200 on any host, whatever the database', async () => {
    const brokenDb = { execute: () => Promise.reject(new Error('down')) } as unknown as Db;
    const res = await app({ db: brokenDb }).request('/api/health', { headers: { host: 'no-tenant.example' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready', () => {
  it('answers 200 on any host when the database answers (sites and Redis not in use)', async () => {
    expect(await ready(app())).toEqual({ status: 200, body: { status: 'ok', checks: { draining: 'ok', database: 'ok', redis: 'skipped', sites: 'skipped' } } });
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const brokenDb = { execute: () => Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })) } as unknown as Db;
    const answer = await ready(app({ db: brokenDb }));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'unavailable', failed: ['database'], message: 'Service unavailable at the moment.' });
  });

  it('answers 503 while the node drains for shutdown', async () => {
    expect((await ready(app({ draining: true }))).body).toMatchObject({ failed: ['draining'] });
  });

  it('answers 503 naming Redis when REDIS_URL is set and Redis does not answer', async () => {
    expect((await ready(app({ env: { REDIS_URL: 'redis://127.0.0.1:1' } }))).body).toMatchObject({ failed: ['redis'] });
  });

  it('needs at least the fallback site when the node serves the sites', async () => {
    expect((await ready(app({ serveSites: true }))).body).toMatchObject({ failed: ['sites'] });
    const build = join(sitesDir, '.builds', '_fallback_1');
    await mkdir(build, { recursive: true });
    await writeFile(join(build, 'index.html'), '<!doctype html>');
    await symlink(build, join(sitesDir, '_fallback'));
    expect((await ready(app({ serveSites: true }))).status).toBe(200);
  });
});
