/**
 * `npm run bench:soak [-- --minutes N]`: the whole product under steady,
 * mixed traffic for N minutes (default 20), watching for leaks.
 *
 * Starts `scripts/start.ts` (sites built once into SOAK_SITES_DIR, default
 * `dist/soak-sites`, and reused by later runs) on PostgreSQL and Redis: a
 * private PostgreSQL cluster and redis-server made for the run when Debian's
 * binaries are there (so others' work on the shared servers neither disturbs
 * the figures nor is disturbed), else BENCH_DATABASE_URL / TEST_DATABASE_URL /
 * postgres://postgres@127.0.0.1:5432 (a scratch database, dropped after) and
 * REDIS_URL / redis://127.0.0.1:6379.
 *
 * Traffic, SOAK_RATE actions a second (default 30; an action is one to three
 * HTTP calls): page views of the built sites, site-config and catalogue
 * reads, wallet reads, logins, Pix deposits and their signed webhooks, house
 * bets, aggregator bets and wins, chat posts; plus SOAK_CLIENTS protocol-7
 * clients (default 300) on the tenant's public channel receiving the chat and
 * bet fan-out, a tenth of them replaced every minute.
 *
 * Every minute: requests per second, p99 latency, errors (no answer, 5xx, or
 * a 4xx other than a refusal for lack of funds), realtime deliveries, and the
 * platform process's RSS and open file descriptors (/proc/<pid>/status and
 * /proc/<pid>/fd, sampled every 10 s, the minute's median). At the end: RSS
 * and descriptor growth from the end of the first minute (the warm-up: the
 * median of its second half) to the last minute — FAIL at 10 % or more —
 * the error count and the ledger check. Exits 1 on a FAIL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/open.ts';
import { createPasswordHasher } from '../../server/features/auth/password.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { redisReachable } from '../../server/realtime/index.ts';
import { faultsEnv, PROVIDER, scratchFor, WEBHOOK_SECRET } from '../faults/setup.ts';
import { type Answer, call } from '../faults/http.ts';
import { checkLedger, printLedgerCheck } from '../faults/ledger-check.ts';
import { moneyTraffic, type TrafficPlayer } from '../faults/money-traffic.ts';
import { platformProcess } from '../faults/platform.ts';
import { seedPlayers } from '../faults/players.ts';
import { privatePostgres, privateRedis } from '../faults/private-services.ts';
import { type Subscriber, subscriber } from '../faults/realtime-client.ts';
import { benchServerUrl } from './scratch-db.ts';
import { envNumber, fmt, percentile } from './load.ts';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '20' } } });
const MINUTES = Number(values.minutes);
if (!Number.isFinite(MINUTES) || MINUTES < 2) {
  process.stderr.write('Usage: npm run bench:soak -- --minutes N   (N ≥ 2: the first minute is the warm-up)\n');
  process.exit(2);
}
const RATE = envNumber('SOAK_RATE', 30);
const CLIENTS = envNumber('SOAK_CLIENTS', 300);
const PLAYERS = envNumber('SOAK_PLAYERS', 60);
const MAX_IN_FLIGHT = 64;
const SITES_DIR = process.env.SOAK_SITES_DIR ?? 'dist/soak-sites';
const PORT = 4710;
const REALTIME_PORT = 6710;
const APP = { appId: 'soak-app', key: 'soak-key', secret: 'soak-secret' };
const PASSWORD = 'soak-senha1';
const GROWTH_LIMIT = 10;
const write = (line: string) => process.stdout.write(`${line}\n`);

/** RSS (bytes) and open descriptors of process `pid`. */
function processFigures(pid: number): { rss: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  return { rss: kb * 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** Up to 20 page paths of the tenant's built site (its `.html` files), the home pages first. */
function sitePages(domain: string): string[] {
  const root = join(SITES_DIR, domain);
  const pages: string[] = [];
  try {
    for (const file of readdirSync(root, { recursive: true }) as string[]) {
      if (!file.endsWith('.html')) continue;
      pages.push(`/${file.replace(/index\.html$/, '')}`);
    }
  } catch {
    // no site: the page views then go to the fallback
  }
  pages.sort((a, b) => a.length - b.length);
  return pages.length > 0 ? pages.slice(0, 20) : ['/', '/en/'];
}

interface Minute {
  latencies: number[];
  errors: number;
  refused: number;
  delivered: number;
  firstError?: string;
}
const newMinute = (): Minute => ({ latencies: [], errors: 0, refused: 0, delivered: 0 });

async function main(): Promise<void> {
  const started = performance.now();
  const pg = process.env.BENCH_DATABASE_URL ? null : await privatePostgres();
  await pg?.start();
  // pg_ctl's server outlives us unless stopped: an interrupted run removes it too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void (pg?.destroy() ?? Promise.resolve()).finally(() => process.exit(130)));
  const scratch = await scratchFor(pg?.url ?? benchServerUrl(), 'soak');
  if (!scratch) throw new Error('no PostgreSQL to soak on');
  const redis = process.env.REDIS_URL ? null : await privateRedis();
  await redis?.start();
  const redisUrl = redis?.url ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await redisReachable(redisUrl))) throw new Error(`Redis does not answer at ${redisUrl}`);

  const platform = platformProcess({
    port: PORT,
    realtimePort: REALTIME_PORT,
    entry: 'scripts/start.ts',
    readyTimeoutMs: 900_000,
    env: faultsEnv(scratch.url, {
      REDIS_URL: redisUrl,
      SITES_DIR,
      PASSWORD_SCRYPT_LOG_N: '12',
      REALTIME_APP_ID: APP.appId,
      REALTIME_APP_KEY: APP.key,
      REALTIME_APP_SECRET: APP.secret,
    }),
  });
  const handle = await openDatabase(scratch.url);
  const clients: Subscriber[] = [];
  let failed = false;
  try {
    write(`bench:soak — ${MINUTES} minutes, ${RATE} actions/s, ${CLIENTS} realtime clients, ${PLAYERS} players; PostgreSQL ${pg ? '(private cluster)' : ''} + Redis ${redis ? '(private)' : redisUrl}`);
    const buildStart = performance.now();
    await platform.start();
    write(`platform ready in ${fmt((performance.now() - buildStart) / 1000, 1)} s (sites in ${SITES_DIR}, built when missing); pid ${platform.pid()}`);
    const pid = platform.pid();
    const tenant = await findTenantByDomain(handle.db, 'localhost');
    if (!tenant) throw new Error('demo tenant localhost missing');
    const passwordHash = await createPasswordHasher({ logN: 12, r: 8, p: 1 }).hash(PASSWORD);
    const players: TrafficPlayer[] = await seedPlayers(handle.db, tenant.id, PLAYERS, { passwordHash });
    const pages = sitePages('localhost');
    const siteBase = `http://localhost:${PORT}`;

    let minute = newMinute();
    const observe = (a: Answer, refusalOk = false) => {
      if (a.status === 0 || a.status >= 500 || (a.status >= 400 && !(refusalOk && a.status === 422))) {
        minute.errors += 1;
        minute.firstError ??= `${a.status} ${JSON.stringify(a.body).slice(0, 160)}`;
      } else {
        if (a.status >= 400) minute.refused += 1;
        minute.latencies.push(a.ms);
      }
    };
    const traffic = moneyTraffic({
      baseUrl: platform.baseUrl,
      tenantId: tenant.id,
      webhookSecret: WEBHOOK_SECRET,
      provider: PROVIDER,
      idempotent: true,
      retryForMs: 30_000,
      runId: `soak${Date.now().toString(36)}`,
      observe: (kind, a) => observe(a, kind === 'house bet' || kind === 'provider wallet' || kind === 'withdrawal'),
    });
    for (const p of players) await traffic.deposit(p, 500_000);

    const channel = `universal-public.${tenant.id}`;
    const connect = () => subscriber({ port: REALTIME_PORT, key: APP.key, channel }, () => (minute.delivered += 1));
    for (let i = 0; i < CLIENTS; i += 50) {
      for (const c of await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, connect))) if (c) clients.push(c);
    }
    write(`${clients.length} realtime clients subscribed to ${channel}; ${pages.length} site pages`);

    let nextChat = 0;
    const lastChat = new Map<number, number>();
    const actions: Array<[number, () => Promise<unknown>]> = [
      [25, async () => observe(await call(siteBase, 'GET', pages[Math.floor(Math.random() * pages.length)]!, { origin: siteBase }))],
      [10, async () => observe(await call(platform.baseUrl, 'GET', '/api/site-config?domain=localhost'))],
      [10, async () => observe(await call(platform.baseUrl, 'GET', '/api/casinos/games?page=1'))],
      [15, () => traffic.walletRead(pick(players))],
      [20, () => traffic.houseBet(pick(players))],
      [10, () => traffic.providerRound(pick(players))],
      [5, () => traffic.deposit(pick(players), 5000)],
      [
        2,
        async () => {
          const p = pick(players);
          observe(await call(platform.baseUrl, 'POST', '/api/auth/login', { body: { username: p.phone, password: PASSWORD } }));
        },
      ],
      [
        3,
        async () => {
          // Round-robin with 7 s between a player's posts: under the chat limits (1 per 2 s, 10 a minute).
          const p = players[nextChat++ % players.length]!;
          if (Date.now() - (lastChat.get(p.id) ?? 0) < 7000) return;
          lastChat.set(p.id, Date.now());
          observe(await call(platform.baseUrl, 'POST', '/api/chat/messages', { token: p.token, body: { text: `soak ${nextChat}` } }));
        },
      ],
    ];
    const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
    const pickAction = () => {
      let r = Math.random() * totalWeight;
      for (const [w, action] of actions) if ((r -= w) < 0) return action;
      return actions[0]![1];
    };

    // A sample every 10 s; figures are medians, so one garbage collection's timing does not decide them.
    const samples: Array<{ rss: number; fds: number }> = [];
    let minuteSamples: Array<{ rss: number; fds: number }> = [];
    let warmSamples: Array<{ rss: number; fds: number }> = [];
    let lastSample = 0;
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    let errors = 0;
    let inFlight = 0;
    let skipped = 0;
    let minuteStart = Date.now();
    let m = 0;
    while (m < MINUTES) {
      const tickStart = Date.now();
      for (let i = 0; i < RATE; i++) {
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped += 1;
          continue;
        }
        inFlight += 1;
        setTimeout(
          () =>
            void pickAction()()
              .catch((error: unknown) => observe({ status: 0, body: { error: String(error) }, ms: 0 }))
              .finally(() => (inFlight -= 1)),
          Math.random() * 1000,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - tickStart))));
      if (Date.now() - lastSample >= 10_000) {
        lastSample = Date.now();
        minuteSamples.push(processFigures(pid));
      }
      if (Date.now() - minuteStart >= 60_000) {
        m += 1;
        const seconds = (Date.now() - minuteStart) / 1000;
        const done = minute;
        minute = newMinute();
        minuteStart = Date.now();
        const figures = { rss: median(minuteSamples.map((f) => f.rss)), fds: median(minuteSamples.map((f) => f.fds)) };
        // The warm-up's end: the second half of minute 1.
        if (m === 1) warmSamples = minuteSamples.slice(Math.floor(minuteSamples.length / 2));
        minuteSamples = [];
        samples.push(figures);
        errors += done.errors;
        const sorted = done.latencies.sort((a, b) => a - b);
        write(
          `minute ${m}: ${fmt((sorted.length + done.errors) / seconds, 1)} req/s, p99 ${fmt(percentile(sorted, 99), 1)} ms, ` +
            `errors ${done.errors}, refused ${done.refused}, realtime ${fmt(done.delivered / seconds, 0)} msg/s to ${clients.filter((c) => c.subscribed()).length} clients, ` +
            `RSS ${fmt(figures.rss / 2 ** 20, 1)} MiB, fds ${figures.fds}${skipped > 0 ? `, ${skipped} actions skipped (${MAX_IN_FLIGHT} in flight)` : ''}` +
            `${done.firstError ? ` — first error: ${done.firstError}` : ''}`,
        );
        skipped = 0;
        // Churn: a tenth of the realtime clients leave and new ones come.
        const leaving = clients.splice(0, Math.floor(clients.length / 10));
        for (const c of leaving) c.close();
        for (const c of await Promise.all(leaving.map(connect))) if (c) clients.push(c);
      }
    }
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    await traffic.idle();

    const warm = { rss: median(warmSamples.map((f) => f.rss)), fds: median(warmSamples.map((f) => f.fds)) };
    const last = samples[samples.length - 1]!;
    const growth = (a: number, b: number) => (100 * (b - a)) / a;
    const rssGrowth = growth(warm.rss, last.rss);
    const fdGrowth = growth(warm.fds, last.fds);
    write('');
    write(`after warm-up (second half of minute 1 → minute ${samples.length}, medians of 10-second samples):`);
    for (const [what, g, from, to] of [
      ['RSS', rssGrowth, `${fmt(warm.rss / 2 ** 20, 1)} MiB`, `${fmt(last.rss / 2 ** 20, 1)} MiB`],
      ['open file descriptors', fdGrowth, String(warm.fds), String(last.fds)],
    ] as const) {
      const bad = g >= GROWTH_LIMIT;
      failed ||= bad;
      write(`  ${what}: ${from} → ${to} (${g >= 0 ? '+' : ''}${fmt(g, 1)} %)${bad ? `  <<<<<<<<<< FAIL: grew ${GROWTH_LIMIT} % or more` : ''}`);
    }
    write(`  errors: ${errors}${errors > 0 ? '  <<<<<<<<<< FAIL' : ''}`);
    failed ||= errors > 0;
    const ledger = await checkLedger(handle.db, { providerMovements: traffic.journal.providerMovements });
    failed = !printLedgerCheck('soak', ledger, write) || failed;
    write(`${failed ? 'FAIL' : 'pass'} — total ${fmt((performance.now() - started) / 60_000, 1)} minutes`);
  } finally {
    for (const c of clients) c.close();
    await platform.stop().catch(() => undefined);
    await handle.close();
    await scratch.drop().catch(() => undefined);
    await redis?.destroy();
    await pg?.destroy();
  }
  process.exit(failed ? 1 : 0);
}

function pick<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
