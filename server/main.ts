import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { type Config, ConfigError, getConfig } from './config.ts';
import { isPostgresDriverPatched } from './db/driver-patch.ts';
import { openDatabase } from './db/open.ts';
import type { Publish } from './features/payments/deps.ts';
import { createAggregators, describeAggregators } from './features/casino/aggregators/index.ts';
import { createSportsbook, prepareSportsbook } from './features/sportsbook/index.ts';
import { createBarred } from './features/barred/index.ts';
import { startBarredSweepWorker } from './features/barred/worker.ts';
import { pushDepsFromConfig } from './features/push/deps.ts';
import { createPushSender } from './features/push/send.ts';
import { createBcbApiPsp } from './features/payments/bcb-api/bcb-api-psp.ts';
import { isSandboxPsp } from './features/payments/sandbox/routes.ts';
import { createSandboxPsp } from './features/payments/sandbox/sandbox-psp.ts';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys.ts';
import { seedDemoTenants } from './features/tenants/demo/seed.ts';
import { createWithdrawalsDeps } from './features/withdrawals/deps.ts';
import { startPayoutWorker } from './features/withdrawals/worker.ts';
import { startBarredClosureWorker } from './features/account-closure/barred-worker.ts';
import { startBonusExpiryWorker } from './features/bonuses/worker.ts';
import { startCashbackWorker } from './features/cashback/worker.ts';
import { startMissionProgressPublisher } from './features/missions/publish.ts';
import { type HttpServer, type HttpTimeouts, listenHttp } from './lifecycle/http-server.ts';
import { stopOnSignals } from './lifecycle/process.ts';
import { createLogger, type Logger } from './logger.ts';
import { broadcastingRoutes } from './realtime/broadcasting-routes.ts';
import { channelPolicy } from './realtime/channel-policy.ts';
import { createRedisAdapter } from './realtime/redis-adapter.ts';
import { createRealtimeServer } from './realtime/server.ts';
import { createSiteBuilder, serveSites } from './sites/index.ts';
import { imageCacheDir } from './sites/images/index.ts';
import { tenantSource } from './sites/tenant-source.ts';

export interface RunningPlatform {
  /** Port the site + API server listens on. */
  port: number;
  realtimePort: number;
  /** SHUTDOWN_DEADLINE_SECONDS: how long `stopOnSignals` lets `close` take. */
  shutdownDeadlineSeconds: number;
  /** The platform's logger (LOG_LEVEL). */
  log: Logger;
  /**
   * Graceful stop: requests arriving from now on get 503 with
   * `Connection: close` (and `GET /api/ready` says 503), requests in flight
   * and the payout pass in progress finish, realtime clients are closed with
   * 4200 (reconnect, to another node), then the database is closed.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Build, in the background, every tenant site not built yet (and the fallback site). Default true. */
  buildMissingSites?: boolean;
  /** Connection bounds of the HTTP server (tests use small ones); defaults in server/lifecycle/http-server.ts. */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/**
 * Starts the whole platform: migrates the database, seeds the demo tenants
 * when there are none (and SEED_DEMO allows), then serves the sites and the
 * API on PORT and the realtime server on REALTIME_PORT.
 */
export async function startPlatform(config: Config, opts: StartOptions = {}): Promise<RunningPlatform> {
  const log = createLogger(config.logLevel);
  logMode(config, log);
  const database = await openDatabase(config.databaseUrl);
  if (database.kind === 'postgres' && !(await isPostgresDriverPatched())) {
    log.error('postgres-js is not repaired (was `npm install` run with --ignore-scripts?): a dropped database connection may crash this process. Run `npm run postinstall`.');
  }
  await database.migrate();
  log.info(`Database ready (${database.kind})`);
  if (config.seedDemo) await seedDemoTenants(database.db, log);
  // Web Push signs with one VAPID key pair for the platform's lifetime: made on the first start, read on the others.
  await loadOrCreateVapidKeys(database.db);
  // The sportsbook's ES256 keys: made on the first start for the sandbox (DATA_DIR/sportsbook), read and checked for every provider.
  await prepareSportsbook(config);
  if (config.devOutbox) log.warn('DEV_OUTBOX=true: GET /api/dev/outbox lists verification codes (development and browser tests only)');

  const realtime = createRealtimeServer({
    appId: config.realtime.appId,
    key: config.realtime.key,
    secret: config.realtime.secret,
    logger: (line) => log.warn(`realtime: ${line}`),
    limits: config.realtimeLimits,
    clientIpHeader: config.clientIpHeader,
    ...(config.redisUrl ? { adapter: createRedisAdapter({ url: config.redisUrl, logger: (line) => log.warn(line) }) } : {}),
  });
  const builder = createSiteBuilder({
    ...tenantSource(database.db, config),
    sitesDir: config.sitesDir,
    log: (line) => log.info(`sites: ${line}`),
    warn: (line) => log.warn(`sites: ${line}`),
    buildOptions: { imageCacheDir: imageCacheDir(config.dataDir) },
  });

  // The real PSP when configured (PIX_PSP=bcb-api; its certificate files are read and checked now), else the sandbox.
  const realPsp = config.pix.bcbApi ? createBcbApiPsp(config.pix.bcbApi, { log }) : null;
  const psp =
    realPsp ??
    createSandboxPsp({
      db: database.db,
      merchantName: config.pix.merchantName,
      merchantCity: config.pix.merchantCity,
      webhookUrl: config.pix.webhookUrl,
      webhookSecret: config.pix.webhookSecret,
      log,
    });
  const sandbox = isSandboxPsp(psp) ? psp : null;
  const publish: Publish = (channels, event, data) => realtime.publish(channels, event, data);
  const withdrawals = createWithdrawalsDeps({ db: database.db, psp, publish, config, log });
  let http: HttpServer | null = null;
  const aggregators = createAggregators({ db: database.db, config, log });
  const sportsbook = createSportsbook({ db: database.db, config, log, publish });
  const barred = createBarred({
    db: database.db,
    config,
    log,
    notifications: { db: database.db, publish, log, push: createPushSender(pushDepsFromConfig({ db: database.db, log, config })) },
  });

  const app = createApp({
    db: database.db,
    config,
    logger: log,
    sites: builder,
    extraRoutes: [broadcastingRoutes({ key: config.realtime.key, secret: config.realtime.secret, canJoin: channelPolicy })],
    staticSites: serveSites({ sitesDir: config.sitesDir, frameOrigins: aggregators.registry.frameOrigins }),
    aggregators,
    sportsbook,
    barred,
    payments: { psp, publish },
    publish,
    withdrawals,
    isDraining: () => http?.isDraining() ?? false,
  });

  const { port: realtimePort } = await realtime.listen(config.realtime.port, config.host);
  const server = await listenHttp(app.fetch, { port: config.port, host: config.host, ...(opts.httpTimeouts ? { timeouts: opts.httpTimeouts } : {}) });
  http = server;
  const { port } = server;
  log.info(`Sites and API on http://localhost:${port} (API base ${config.publicApiUrl}); realtime on port ${realtimePort}`);
  // Sends due withdrawals to the PSP every 5 s (after the HTTP server is up: the sandbox's payout webhook calls it).
  const payoutWorker = startPayoutWorker(withdrawals, { intervalMs: 5000 });
  // The whole-base barred-bettor check: each tenant once per 15-day period (a pass a minute after start, then hourly; once across nodes).
  const barredSweep = startBarredSweepWorker(barred.deps);
  // Closes barred players' accounts once the regulator's term has passed (issue 17); every node may run it.
  const barredClosureWorker = startBarredClosureWorker({ db: database.db, log });
  // Takes back what is left of bonuses past their expiry, every minute (issue 18); every node may run it.
  const bonusExpiryWorker = startBonusExpiryWorker({ db: database.db, log });
  // Each tenant's cashback for the last weekly period that is over (issue 18): a pass 90 s after start, then hourly; a period is made once across nodes.
  const cashbackWorker = startCashbackWorker({ db: database.db, log });
  // Sends MissionProgress for the missions real events moved, once their transactions committed, every second (issue 19); every node may run it.
  const missionPublisher = startMissionProgressPublisher({ db: database.db, publish, log });
  // What the sandbox PSP still owed when the platform last stopped (webhooks, payouts) goes out now that the webhooks can land.
  if (sandbox) void sandbox.resume().catch((error: unknown) => log.error('sandbox PSP: could not resume its pending deliveries', error));
  // Likewise the wins and rollbacks the sandbox aggregator still owes the wallet (it calls this server's API).
  if (aggregators.sandbox) void aggregators.sandbox.resume().catch((error: unknown) => log.error('sandbox aggregator: could not resume its owed wallet calls', error));
  // And the settlements the sandbox sportsbook still owes the platform.
  if (sportsbook.sandbox) void sportsbook.sandbox.resume().catch((error: unknown) => log.error('sandbox sportsbook: could not resume its owed callbacks', error));

  if (opts.buildMissingSites ?? true) {
    void builder
      .ensureFallback()
      .then(() => builder.buildAll({ onlyMissing: true }))
      .then((builds) => {
        for (const b of builds) log[b.status === 'failed' ? 'error' : 'info'](`sites: ${b.domain} ${b.status}${b.error ? `: ${b.error}` : ''}`);
      })
      .catch((error: unknown) => log.error('sites: initial build failed', error));
  }

  let closing: Promise<void> | null = null;
  return {
    port,
    realtimePort,
    shutdownDeadlineSeconds: config.shutdownDeadlineSeconds,
    log,
    close() {
      closing ??= (async () => {
        // Money moves only inside requests and payout passes: both finish before the database closes.
        await Promise.all([server.drain(), payoutWorker.stop(), barredSweep.stop(), barredClosureWorker.stop(), bonusExpiryWorker.stop(), cashbackWorker.stop(), missionPublisher.stop(), realtime.close()]);
        await sandbox?.close();
        await aggregators.sandbox?.close();
        sportsbook.sandbox?.stop();
        realPsp?.close();
        await database.close();
        log.info('Platform stopped');
      })();
      return closing;
    },
  };
}

/** Says at start which mode runs: production, or the demo and every sandbox it uses (getConfig refused them in production). */
function logMode(config: Config, log: Logger): void {
  log.info(describeAggregators(config));
  if (config.production) return log.info('Production mode: sandboxes, outboxes and development secrets are refused');
  log.warn('DEMO MODE (NODE_ENV/APP_ENV is not production): not fit for real money; README "Deploying to production" says what to set');
  if (config.productionGaps.length > 0) log.warn(`Sandboxes and development defaults in use: ${config.productionGaps.map((g) => `${g.variable} ${g.problem}`).join('; ')}`);
}

/** The configuration from the environment; on a malformed variable, prints what to set and exits 1. */
export function configFromEnvOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return getConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Signals stop the platform gracefully; uncaught errors exit 1 (server/lifecycle/process.ts). */
export { stopOnSignals };

/** Entry point: `node server/main.ts` (sites are built in the background). */
async function main(): Promise<void> {
  stopOnSignals(await startPlatform(configFromEnvOrExit()));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
