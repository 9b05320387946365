/**
 * `npm run bench:auth`: login throughput and `GET /auth/me` latency.
 *
 * Starts the platform app in-process on an in-memory PGlite database (demo
 * tenants seeded, real configuration: scrypt N=2^15 unless
 * PASSWORD_SCRYPT_LOG_N says otherwise), creates BENCH_USERS players directly
 * through the services, then over real HTTP:
 *  1. logs them in (BENCH_LOGINS logins, BENCH_LOGIN_CONCURRENCY at a time)
 *     and prints logins per second — scrypt is deliberately slow and
 *     memory-hard, so this number is low by design;
 *  2. sends BENCH_ME_REQUESTS `GET /auth/me` (default 5,000) with
 *     BENCH_CONCURRENCY in flight (default 50), stopping after
 *     BENCH_MAX_SECONDS (default 60), and prints throughput and p50/p95/p99.
 *
 * With BASE_URL (a running platform) and BENCH_TOKEN (a valid bearer token
 * of a player on BENCH_HOST, default localhost), only step 2 runs, against it.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app.ts';
import { getConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { users } from '../../server/db/schema.ts';
import { createPasswordHasher } from '../../server/features/auth/password.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { seedDemoTenants } from '../../server/features/tenants/demo/seed.ts';
import { createLogger } from '../../server/logger.ts';
import { createSiteBuilder } from '../../server/sites/index.ts';
import { tenantSource } from '../../server/sites/tenant-source.ts';
import { envNumber, load, report } from './load.ts';

const env = process.env;
const USERS = envNumber('BENCH_USERS', 50);
const LOGINS = envNumber('BENCH_LOGINS', 40);
const LOGIN_CONCURRENCY = envNumber('BENCH_LOGIN_CONCURRENCY', 4);
const ME_REQUESTS = envNumber('BENCH_ME_REQUESTS', 5000);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 50);
const MAX_SECONDS = envNumber('BENCH_MAX_SECONDS', 60);
const PASSWORD = 'bench-senha1';

async function benchMe(baseUrl: string, host: string, tokens: string[]): Promise<void> {
  const result = await load(ME_REQUESTS, CONCURRENCY, Date.now() + MAX_SECONDS * 1000, async (i) => {
    const response = await fetch(`${baseUrl}/api/auth/me`, { headers: { origin: `http://${host}`, authorization: `Bearer ${tokens[i % tokens.length]}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
  });
  report(`GET /auth/me (${CONCURRENCY} concurrent)`, result);
}

async function main(): Promise<void> {
  if (env.BASE_URL) {
    if (!env.BENCH_TOKEN) throw new Error('BASE_URL mode needs BENCH_TOKEN (a bearer token of a player on BENCH_HOST)');
    await benchMe(env.BASE_URL.replace(/\/$/, ''), env.BENCH_HOST ?? 'localhost', [env.BENCH_TOKEN]);
    return;
  }
  const config = getConfig({ ...env, DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', CLIENT_IP_HEADER: 'x-bench-ip', SEED_DEMO: 'true' });
  const log = createLogger('silent');
  const database = await openDatabase('memory://');
  await database.migrate();
  await seedDemoTenants(database.db, log);
  const tenant = await findTenantByDomain(database.db, 'localhost');
  if (!tenant) throw new Error('demo tenant localhost missing');
  const app = createApp({ db: database.db, config, logger: log, sites: createSiteBuilder({ ...tenantSource(database.db, config), sitesDir: 'dist/bench-auth-sites', log: () => {} }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const hasher = createPasswordHasher({ logN: config.auth.scryptLogN, r: 8, p: 1 });
  const t0 = performance.now();
  const passwordHash = await hasher.hash(PASSWORD);
  process.stdout.write(`scrypt N=2^${config.auth.scryptLogN}, r=8, p=1: one hash takes ${(performance.now() - t0).toFixed(0)} ms on this machine\n`);
  const phones = Array.from({ length: USERS }, (_, i) => `+55119${String(80000000 + i)}`);
  await database.db.insert(users).values(phones.map((username, i) => ({ tenantId: tenant.id, name: `Jogador Bench${i}`, username, passwordHash })));
  process.stdout.write(`${USERS} players created through the services\n`);

  const tokens: string[] = [];
  const logins = await load(LOGINS, LOGIN_CONCURRENCY, Date.now() + MAX_SECONDS * 1000, async (i) => {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/json', 'x-bench-ip': `10.0.${Math.floor(i / 250)}.${i % 250}` },
      body: JSON.stringify({ username: phones[i % phones.length], password: PASSWORD }),
    });
    const body = (await response.json()) as { token?: string };
    if (response.status !== 200 || !body.token) throw new Error(`status ${response.status} ${JSON.stringify(body)}`);
    tokens.push(body.token);
  });
  report(`POST /auth/login (${LOGIN_CONCURRENCY} concurrent; scrypt-bound, slow by design)`, logins);
  if (tokens.length === 0) throw new Error('no login succeeded');

  await benchMe(baseUrl, 'localhost', tokens);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
