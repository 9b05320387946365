import { Hono, type MiddlewareHandler } from 'hono';
import type { Config } from './config.ts';
import type { Db } from './db/open.ts';
import { type AccountsDeps, createAccountsDeps } from './features/auth/deps.ts';
import { accountRoutes } from './features/auth/mount.ts';
import { type Barred, createBarred, SANDBOX_SIGAP_PATH } from './features/barred/index.ts';
import { barredOperatorRoutes } from './features/barred/operator-routes.ts';
import { accountClosureOperatorRoutes } from './features/account-closure/operator-routes.ts';
import { accountClosureRoutes } from './features/account-closure/routes.ts';
import { addressRoutes } from './features/address/routes.ts';
import { cashbackOperatorRoutes } from './features/cashback/operator-routes.ts';
import { cashbackRoutes } from './features/cashback/routes.ts';
import { referralRoutes } from './features/referrals/routes.ts';
import type { Publish } from './features/payments/deps.ts';
import type { Psp } from './features/payments/psp.ts';
import { depositRoutes, pixWebhookRoutes } from './features/payments/routes.ts';
import { isSandboxPsp, sandboxDemoPayRoutes, sandboxLocationRoutes, sandboxPayRoutes } from './features/payments/sandbox/routes.ts';
import { pixLocationBase } from './features/payments/pix/location.ts';
import { pixReceiver } from './features/payments/pix/receiver.ts';
import { type Aggregators, createAggregators } from './features/casino/aggregators/index.ts';
import { SANDBOX_AGGREGATOR_PATH } from './features/casino/aggregators/sandbox/sandbox-aggregator.ts';
import { sandboxRoutes } from './features/casino/aggregators/sandbox/routes.ts';
import { casinoOperatorRoutes } from './features/casino/operator-routes.ts';
import { providerWinOperatorRoutes } from './features/casino/provider-wallet/operator-routes.ts';
import { providerWalletRoutes } from './features/casino/provider-wallet/routes.ts';
import { casinoRoutes } from './features/casino/routes.ts';
import { chatOperatorRoutes } from './features/chat/operator-routes.ts';
import { chatRoutes } from './features/chat/routes.ts';
import { createDocumentsDeps } from './features/documents/deps.ts';
import { documentOperatorRoutes } from './features/documents/operator-routes.ts';
import { documentRoutes } from './features/documents/routes.ts';
import { geoipRoutes } from './features/geoip/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { houseRoutes } from './features/house/routes.ts';
import { notificationOperatorRoutes } from './features/notifications/operator-routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { operatorRoutes } from './features/operator/routes.ts';
import { BACKOFFICE_PATH, backofficeRoutes } from './backoffice/routes.ts';
import { requireOperator } from './features/operator/auth.ts';
import { createStaffDeps } from './features/staff/deps.ts';
import { staffOperatorRoutes } from './features/staff/operator-routes.ts';
import { playerOperatorRoutes } from './features/players/operator-routes.ts';
import { siteFileOperatorRoutes } from './features/site-files/operator-routes.ts';
import { staffLoginRoutes } from './features/staff/routes.ts';
import { promotionOperatorRoutes } from './features/promotions/operator-routes.ts';
import { pushDepsFromConfig } from './features/push/deps.ts';
import { pushRoutes } from './features/push/routes.ts';
import { createPushSender } from './features/push/send.ts';
import type { SiteBuilder } from './features/operator/site-builder.ts';
import { tenantOrigin } from './features/tenants/origin.ts';
import { responsibleGamingRoutes } from './features/responsible-gaming/routes.ts';
import { catalogueRoutes, siteConfigRoutes } from './features/tenants/routes.ts';
import { walletRoutes } from './features/wallet/routes.ts';
import { rankOperatorRoutes } from './features/ranks/operator-routes.ts';
import { rankRoutes } from './features/ranks/routes.ts';
import { missionOperatorRoutes } from './features/missions/operator-routes.ts';
import { missionRoutes } from './features/missions/routes.ts';
import { couponOperatorRoutes } from './features/bonuses/operator-routes.ts';
import { couponRoutes } from './features/bonuses/routes.ts';
import { boxOperatorRoutes } from './features/boxes/operator-routes.ts';
import { boxRoutes } from './features/boxes/routes.ts';
import { createWithdrawalsDeps, isPayoutPsp, type WithdrawalsDeps } from './features/withdrawals/deps.ts';
import { createSportsbook, SANDBOX_SPORTSBOOK_PATH, type Sportsbook } from './features/sportsbook/index.ts';
import { payoutWebhookRoutes, withdrawalRoutes } from './features/withdrawals/routes.ts';
import { resolveActor } from './http/actor.ts';
import { apiBodyLimit } from './http/body-limit.ts';
import { tenantCors } from './http/cors.ts';
import type { AppEnv, TenantContext } from './http/context.ts';
import { rejectControlChars } from './http/control-chars.ts';
import { createErrorHandler, notFoundHandler } from './http/on-error.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { requireOpenTenant, resolveTenant } from './http/tenant.ts';
import { createLogger, type Logger } from './logger.ts';

/** Path prefix of every platform call on the site + API server. */
export const API_BASE = '/api';

export interface AppDeps {
  db: Db;
  config: Config;
  /** Rebuilds one tenant's static site (server/sites); used by the operator API. */
  sites: SiteBuilder;
  /**
   * Feature sub-apps mounted under `/api` behind the tenant, actor and
   * open-tenant middleware, so their handlers can read `c.get('tenant')` and
   * `c.get('actor')` (e.g. the realtime `broadcastingRoutes`).
   */
  extraRoutes?: Hono<AppEnv>[];
  /** Serves the tenants' static sites for every request outside `/api` (server/sites). */
  staticSites?: MiddlewareHandler;
  logger?: Logger;
  /**
   * Replacements for parts of the account services (clock, notifier,
   * captcha/Google verifiers, rate limiter…); the rest is built from `config`.
   */
  accounts?: Partial<AccountsDeps>;
  /**
   * Pix deposits: the PSP and how to send realtime events. When given, the
   * deposit calls and `POST /api/pix/webhook` (signed with
   * `config.pix.webhookSecret`) are mounted; `now` is the charges' clock.
   */
  payments?: { psp: Psp; publish: Publish; now?: () => Date };
  /**
   * Pix withdrawals. Default: built from `payments` when its PSP can also
   * pay out (settings from `config`); main.ts passes the same object to the
   * payout worker. Mounts the player's withdrawal calls, the signed
   * `POST /api/pix/webhook/payouts` and the operator's review calls.
   */
  withdrawals?: WithdrawalsDeps;
  /** True once the node drains for shutdown (`GET /api/ready` then answers 503). Default: never. */
  isDraining?: () => boolean;
  /**
   * How features send realtime events (house-game rounds…). Default: the
   * `payments` publisher, else events are dropped (tests without realtime).
   */
  publish?: Publish;
  /**
   * Which aggregator launches each provider's games and verifies its wallet
   * calls, and the sandbox aggregator when in use (main.ts resumes and stops
   * it). Default: built from `config` (server/features/casino/aggregators).
   */
  aggregators?: Aggregators;
  /** The sportsbook (provider callbacks, launch, history, the sandbox when in use). Default: built from `config` (server/features/sportsbook). */
  sportsbook?: Sportsbook;
  /** The regulator's barred-bettor check (SIGAP) and its sandbox stand-in when in use (main.ts runs its sweep). Default: built from `config` (server/features/barred). */
  barred?: Barred;
}

/**
 * The platform's HTTP app: the API under `/api` and, when given, the static
 * sites for everything else. Pure wiring (no listening), so tests drive it
 * with `app.request()`.
 */
export function createApp(deps: AppDeps): Hono {
  const log = deps.logger ?? createLogger(deps.config.logLevel);
  const app = new Hono();
  app.onError(createErrorHandler(log));
  app.notFound(notFoundHandler);
  app.use(requestLog(log));
  app.use(securityHeaders(API_BASE));

  const api = new Hono<AppEnv>();
  // Only the tenants' own site origins may read answers cross-origin (server/http/cors.ts).
  api.use(tenantCors({ db: deps.db, config: deps.config }));
  // Hostile input is refused before any route reads it: oversized bodies (413), control characters in the request line or headers (400).
  api.use(apiBodyLimit, rejectControlChars);
  api.route('/', geoipRoutes({ countryHeader: deps.config.geoipCountryHeader }));
  api.route('/', siteConfigRoutes({ db: deps.db, config: deps.config }));

  const payments = deps.payments
    ? {
        db: deps.db,
        psp: deps.payments.psp,
        publish: deps.payments.publish,
        webhookSecret: deps.config.pix.webhookSecret,
        now: deps.payments.now ?? (() => new Date()),
        log,
        pixIssuer: (tenant: TenantContext) => ({
          receiver: pixReceiver(tenant.config, { name: deps.config.pix.merchantName, city: deps.config.pix.merchantCity }),
          locationBase: pixLocationBase(deps.config, tenant.domain),
        }),
        // The demo's "Pagar no sandbox": only with the sandbox PSP and never in production mode.
        demoPay: isSandboxPsp(deps.payments.psp) && !deps.config.production,
      }
    : null;
  const withdrawals =
    deps.withdrawals ??
    (payments && isPayoutPsp(payments.psp) ? createWithdrawalsDeps({ ...payments, psp: payments.psp, config: deps.config }) : null);
  const publish: Publish = deps.publish ?? deps.payments?.publish ?? (async () => {});
  const pushDeps = pushDepsFromConfig({ db: deps.db, log, config: deps.config });
  const notifications = { db: deps.db, publish, log, push: createPushSender(pushDeps) };
  // Every operator call is authenticated, checked against the staff role and audited once, here, before any feature's routes.
  api.use('/operator/*', requireOperator(deps.db, { clientIpHeader: deps.config.clientIpHeader, log }));
  const staff = createStaffDeps({ db: deps.db, log, scryptLogN: deps.config.auth.scryptLogN, secureCookie: deps.config.production, clientIpHeader: deps.config.clientIpHeader, ipRateLimitScale: deps.config.ipRateLimitScale, totpKey: deps.config.backoffice.totpKey });
  api.route('/backoffice', staffLoginRoutes(staff));
  api.route('/operator', staffOperatorRoutes(staff));
  api.route('/operator', playerOperatorRoutes({ db: deps.db }));
  api.route('/operator', siteFileOperatorRoutes({ db: deps.db }));
  api.route('/operator', operatorRoutes({ db: deps.db, sites: deps.sites, withdrawals }));
  api.route('/operator', casinoOperatorRoutes({ db: deps.db }));
  api.route('/operator/provider-wins', providerWinOperatorRoutes({ db: deps.db, events: { db: deps.db, publish, log } }));
  api.route('/operator', chatOperatorRoutes({ db: deps.db, publish, log, dataDir: deps.config.dataDir }));
  api.route('/operator', notificationOperatorRoutes(notifications));
  api.route('/operator', accountClosureOperatorRoutes({ db: deps.db }));
  api.route('/operator', cashbackOperatorRoutes({ db: deps.db }));
  api.route('/operator', promotionOperatorRoutes({ db: deps.db }));
  api.route('/operator', rankOperatorRoutes({ db: deps.db }));
  const missions = { db: deps.db, publish, log, notifications };
  api.route('/operator', missionOperatorRoutes(missions));
  api.route('/operator', couponOperatorRoutes({ db: deps.db }));
  api.route('/operator', boxOperatorRoutes(notifications));
  const documents = createDocumentsDeps({ db: deps.db, dataDir: deps.config.dataDir, log, notifications });
  api.route('/operator', documentOperatorRoutes(documents));
  if (payments) api.route('/', pixWebhookRoutes(payments));
  if (withdrawals) api.route('/', payoutWebhookRoutes(withdrawals));
  // The sandbox's "bank" pays any charge: never reachable in production mode, whatever PSP was wired.
  if (payments && isSandboxPsp(payments.psp) && !deps.config.production) {
    api.route('/', sandboxPayRoutes(payments.psp, payments.webhookSecret));
    api.route('/', sandboxLocationRoutes(payments.psp, deps.db, payments.now));
  }

  const barred = deps.barred ?? createBarred({ db: deps.db, config: deps.config, log, notifications, ...(deps.accounts?.now ? { now: deps.accounts.now } : {}) });
  const accounts = createAccountsDeps({ db: deps.db, config: deps.config, log }, { barred: barred.deps, ...deps.accounts });
  api.route('/operator', barredOperatorRoutes(barred.deps));
  const aggregators = deps.aggregators ?? createAggregators({ db: deps.db, config: deps.config, log });
  // Aggregators settle rounds even while a tenant is in maintenance: tenant resolution only, no open-tenant check.
  // Mounted before tenantApi, whose middleware (402 in maintenance) would otherwise run first on every /api path.
  const providerApi = new Hono<AppEnv>();
  providerApi.use('/providers/*', resolveTenant(deps.db));
  providerApi.route('/', providerWalletRoutes({ db: deps.db, walletVerifier: aggregators.registry.walletVerifier, events: { db: deps.db, publish, log } }));
  // The sportsbook provider's wallet callbacks, likewise settled while a tenant is in maintenance (new bets are refused then).
  const sportsbook = deps.sportsbook ?? createSportsbook({ db: deps.db, config: deps.config, log, publish });
  providerApi.use('/sportsbook/*', resolveTenant(deps.db));
  providerApi.route('/', sportsbook.callbackRoutes);
  api.route('/', providerApi);
  const tenantApi = new Hono<AppEnv>();
  tenantApi.use(resolveTenant(deps.db), resolveActor(deps.db, accounts.now), requireOpenTenant);
  tenantApi.route('/', catalogueRoutes({ db: deps.db }));
  for (const routes of accountRoutes(accounts)) tenantApi.route('/', routes);
  tenantApi.route('/', accountClosureRoutes(accounts));
  tenantApi.route('/', addressRoutes({ db: deps.db }));
  tenantApi.route('/', referralRoutes({ db: deps.db }));
  tenantApi.route('/', walletRoutes({ db: deps.db }));
  tenantApi.route('/', rankRoutes({ db: deps.db }));
  tenantApi.route('/', missionRoutes(missions));
  tenantApi.route('/', couponRoutes({ db: deps.db }));
  tenantApi.route('/', boxRoutes({ db: deps.db, log }));
  tenantApi.route('/', cashbackRoutes({ db: deps.db, log }));
  tenantApi.route('/', casinoRoutes({ db: deps.db, launchers: aggregators.registry.launchers, log }));
  tenantApi.route('/', houseRoutes({ db: deps.db, publish, log }));
  tenantApi.route('/', sportsbook.playerRoutes);
  tenantApi.route('/', chatRoutes({ db: deps.db, publish, log, dataDir: deps.config.dataDir, apiBase: deps.config.publicApiUrl }));
  if (payments) tenantApi.route('/', depositRoutes(payments));
  if (payments?.demoPay && isSandboxPsp(payments.psp)) tenantApi.route('/', sandboxDemoPayRoutes(payments.psp, deps.db, payments.now));
  tenantApi.route('/', pushRoutes(pushDeps));
  if (withdrawals) tenantApi.route('/', withdrawalRoutes(withdrawals));
  tenantApi.route('/', notificationRoutes(notifications));
  tenantApi.route('/', documentRoutes(documents));
  tenantApi.route(
    '/',
    responsibleGamingRoutes({
      db: deps.db,
      now: accounts.now,
      selfExclusionPlatformUrl: deps.config.responsibleGaming.selfExclusionPlatformUrl,
      realityCheckMinuteSeconds: deps.config.responsibleGaming.realityCheckMinuteSeconds,
    }),
  );
  for (const routes of deps.extraRoutes ?? []) tenantApi.route('/', routes);
  api.route('/', tenantApi);

  // Probes answer on any host, before tenant resolution and whatever the database's state.
  app.route(
    API_BASE,
    healthRoutes({ db: deps.db, redisUrl: deps.config.redisUrl, sitesDir: deps.staticSites ? deps.config.sitesDir : null, isDraining: deps.isDraining ?? (() => false) }),
  );
  app.route(API_BASE, api);
  app.all(`${API_BASE}/*`, notFoundHandler);
  // The sandbox aggregator's game pages (a stand-in third party served from its own path), before the sites claim every path.
  if (aggregators.sandbox && !deps.config.production) {
    app.route(
      SANDBOX_AGGREGATOR_PATH,
      sandboxRoutes({ sandbox: aggregators.sandbox, apiBase: deps.config.gameAggregators.sandbox.url, tenantOrigin: (domain) => tenantOrigin(deps.config, domain) }),
    );
  }
  // The sandbox sportsbook (a stand-in provider: events, bets, settlement, the widget script), likewise never in production mode.
  if (sportsbook.sandboxRoutes && !deps.config.production) app.route(SANDBOX_SPORTSBOOK_PATH, sportsbook.sandboxRoutes);
  // The sandbox stand-in of the regulator's barred-bettor list, likewise never in production mode.
  if (barred.sandboxRoutes && !deps.config.production) app.route(SANDBOX_SIGAP_PATH, barred.sandboxRoutes);
  // The operators' back office: its own app, on every host, before the sites claim every path.
  app.route(BACKOFFICE_PATH, backofficeRoutes());
  if (deps.staticSites) app.use('*', deps.staticSites);
  return app;
}
