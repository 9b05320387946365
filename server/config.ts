import * as v from 'valibot';
import { type ConfigValues, DEVELOPMENT_DEFAULTS, describeGaps, type ProductionGap, productionGaps } from './config-production.ts';
import { SIGAP_VARIABLES, type SigapConfig, sigapConfig } from './features/barred/config.ts';
import { SPORTSBOOK_VARIABLES, type SportsbookConfig, sportsbookConfig } from './features/sportsbook/config.ts';

/**
 * Platform configuration, read once at start from the environment.
 * `getConfig` is pure (no I/O, no process globals) so tests call it with a
 * plain object; it fails fast with a `ConfigError` naming the variable to fix.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  /**
   * NODE_ENV=production or APP_ENV=production: production mode. `getConfig`
   * then refuses every setting in `productionGaps` (sandbox PSP, outboxes,
   * documented secrets…). Otherwise the demo mode of `npm start`.
   */
  production: boolean;
  /**
   * The sandboxes and development defaults this configuration uses (see
   * server/config-production.ts). Always empty in production mode (it
   * would not start); in demo mode, the start-up warning lists them.
   */
  productionGaps: readonly ProductionGap[];
  /** PORT: HTTP port of the site + API server. Default 4321. */
  port: number;
  /** HOST: interface the HTTP and realtime servers bind to. Default 0.0.0.0. */
  host: string;
  /**
   * DATABASE_URL: where tenant and player data live.
   * - unset: an embedded PGlite database in the folder `./data/pglite`;
   * - a folder path (or `file://folder`): embedded PGlite in that folder;
   * - `memory://`: embedded PGlite in memory (lost at exit; tests);
   * - `postgres://…` or `postgresql://…`: a PostgreSQL server.
   */
  databaseUrl: string;
  /**
   * PUBLIC_API_URL: API base handed to the sites as `api_url`, absolute or
   * site-relative. It must reach this server's `/api` mount (e.g.
   * `https://api.example.com/api` behind a proxy). Default `/api`.
   */
  publicApiUrl: string;
  /** SITES_DIR: folder holding one built static site per tenant domain. Default `./dist/sites`. */
  sitesDir: string;
  /** GEOIP_COUNTRY_HEADER: request header where the CDN puts the visitor's ISO country. Default `cf-ipcountry`. */
  geoipCountryHeader: string;
  realtime: {
    /** REALTIME_PORT: port of the Pusher-protocol realtime server. Default 6001. */
    port: number;
    /** REALTIME_APP_ID: Pusher app id. Default `app-id`. */
    appId: string;
    /** REALTIME_APP_KEY: Pusher app key, public (given to the sites). Default `app-key`. */
    key: string;
    /** REALTIME_APP_SECRET: Pusher app secret, signs channel auth and HTTP API calls. Default `app-secret`. */
    secret: string;
    /** REALTIME_PUBLIC_HOST: host name browsers connect to; empty means the page's own host. Default empty. */
    publicHost: string;
    /** REALTIME_PUBLIC_PORT: port browsers connect to. Default: REALTIME_PORT. */
    publicPort: number;
    /**
     * REALTIME_FORCE_TLS: `true` makes browsers use wss. Default: decided per
     * tenant domain, on for every domain whose site origin is https.
     */
    forceTls: boolean | null;
  };
  /** REDIS_URL: Redis for sharing realtime channels between nodes. Unset = one in-process node. */
  redisUrl: string | null;
  /** Realtime limits protecting the server from one client (docs/realtime.md lists the codes). */
  realtimeLimits: {
    /** REALTIME_MAX_MESSAGE_BYTES: largest client frame; bigger gets 4301. Default 10240 (10 KB). */
    messageBytes: number;
    /** REALTIME_CLIENT_EVENTS_PER_SECOND: client events per connection per second; more get 4301. Default 10. */
    clientEventsPerSecond: number;
    /** REALTIME_MAX_CHANNELS_PER_CONNECTION: channels one connection may hold; more are refused with 4100. Default 100. */
    channelsPerConnection: number;
    /** REALTIME_MAX_PRESENCE_MEMBERS: users per presence channel, all nodes together; more refused with 4100. Default 10000 (every visitor joins the tenant's presence twin). */
    presenceMembers: number;
    /** REALTIME_CONNECTIONS_PER_IP_PER_SECOND: new connections per IP per second; more are closed with 4100. Default 50. */
    connectionsPerIpPerSecond: number;
  };
  /**
   * SITE_ORIGIN_SCHEME: scheme of the tenants' public origin (canonical URLs,
   * sitemaps). Default: `http` for `localhost`, `*.localhost` and IP
   * addresses, `https` for every other domain.
   */
  siteOriginScheme: 'http' | 'https' | null;
  /**
   * SITE_ORIGIN_PORT: port appended to the tenants' public origin. Default:
   * PORT for local domains (`localhost`, `*.localhost`, IPs), none otherwise.
   */
  siteOriginPort: number | null;
  /**
   * DATA_DIR: folder for files the platform writes (player avatars go to
   * `DATA_DIR/avatars`). Default `./data`.
   */
  dataDir: string;
  /**
   * CLIENT_IP_HEADER: request header holding the caller's IP as set by the
   * trusted proxy/CDN in front (e.g. `cf-connecting-ip`, `x-real-ip`; for
   * `x-forwarded-for` the first address is used). Unset: the TCP peer
   * address. Only set it behind a proxy that overwrites the header, or
   * callers can fake their IP and dodge per-IP rate limits.
   */
  clientIpHeader: string | null;
  auth: {
    /**
     * PASSWORD_SCRYPT_LOG_N: scrypt cost for NEW password hashes, as log2(N)
     * (r=8, p=1). Default 15 (N=32768, 32 MiB and tens of ms per hash). Stored
     * hashes carry their own parameters, so raising it later keeps old
     * passwords working (they are re-hashed at the next login).
     */
    scryptLogN: number;
    /** GOOGLE_JWKS_URL: Google's public signing keys for ID tokens. Default `https://www.googleapis.com/oauth2/v3/certs`. */
    googleJwksUrl: string;
    /**
     * TURNSTILE_VERIFY_URL: Cloudflare Turnstile siteverify endpoint. Default
     * `https://challenges.cloudflare.com/turnstile/v0/siteverify`.
     */
    turnstileVerifyUrl: string;
    /**
     * TURNSTILE_SECRET: Turnstile secret key for the tenants' site keys. Unset:
     * a tenant with a `turnstileSiteKey` refuses registrations and logins
     * (captcha cannot be checked) and the platform logs why.
     */
    turnstileSecret: string | null;
  };
  notifier: {
    /**
     * SMTP_URL: SMTP server for e-mail (`smtp://user:pass@host:587`,
     * `smtps://…:465`). Unset: e-mails go to the outbox table and the log.
     */
    smtpUrl: string | null;
    /** MAIL_FROM: sender address of e-mails. Default `no-reply@localhost`. */
    mailFrom: string;
    /**
     * SMS_GATEWAY_URL: HTTP endpoint receiving `POST {to, text, tenant_id}`
     * (JSON) for each SMS. Unset: SMS go to the outbox table and the log.
     */
    smsGatewayUrl: string | null;
    /** SMS_GATEWAY_TOKEN: sent as `Authorization: Bearer …` to the SMS gateway. Optional. */
    smsGatewayToken: string | null;
  };
  /**
   * IP_RATE_LIMIT_SCALE: multiplies the per-IP limits of logins, code
   * requests and CPF checks (server/features/rate-limit/rules.ts), for sites
   * whose players share addresses (carrier NAT) and for browser tests (all
   * from 127.0.0.1). Per-phone limits and the 5-failure lockout are not
   * scaled. Default 1.
   */
  ipRateLimitScale: number;
  backoffice: {
    /**
     * STAFF_TOTP_KEY: the AES-256-GCM key the back office seals staff TOTP
     * secrets with in the database (server/features/staff/totp-secret.ts):
     * 32 bytes written as 64 hex digits, e.g. `openssl rand -hex 32`. Default
     * a DEVELOPMENT key published in server/config-production.ts; production
     * mode refuses it. Changing the key makes every sealed secret unreadable:
     * those staff members are refused until an admin resets their TOTP.
     */
    totpKey: Buffer;
  };
  /**
   * DEV_OUTBOX: development aid. `true` mounts `GET /api/dev/outbox?to=…`,
   * listing the tenant's outbox messages (verification codes) so browser
   * tests and local developers can read them. Never enable in production.
   * Default false.
   */
  devOutbox: boolean;
  pix: {
    /**
     * PIX_WEBHOOK_SECRET: HMAC-SHA256 key the PSP signs Pix webhooks with
     * (`X-Webhook-Signature: sha256=<hex>` of the raw body). Default
     * `development-pix-webhook-secret`, a DEVELOPMENT value known to anyone
     * reading this file: set a long random secret in production.
     */
    webhookSecret: string;
    /**
     * PIX_WEBHOOK_URL: where the PSP delivers payment notifications (this
     * platform's `POST /api/pix/webhook`, reachable from the PSP). The sandbox
     * PSP posts there and derives its charge `location` host from it.
     * Default `http://127.0.0.1:{PORT}/api/pix/webhook`.
     */
    webhookUrl: string;
    /** PIX_MERCHANT_NAME: receiver name in issued BR Codes (field 59, ≤ 25 ASCII characters). Default `Cassino`. */
    merchantName: string;
    /** PIX_MERCHANT_CITY: receiver city in issued BR Codes (field 60, ≤ 15 ASCII characters). Default `Sao Paulo`. */
    merchantCity: string;
    /**
     * PIX_PSP: which payment provider moves the money. `sandbox` (default)
     * is the built-in stand-in that follows the Pix API standard without a
     * bank; `bcb-api` is a real PSP speaking Banco Central's Pix API standard,
     * configured by the PIX_PSP_* variables below (all required then).
     */
    psp: 'sandbox' | 'bcb-api';
    /** The real PSP's settings; null with the sandbox. */
    bcbApi: BcbApiPspConfig | null;
  };
  withdrawals: {
    /**
     * WITHDRAWAL_REVIEW_CENTAVOS: a withdrawal of this many centavos or more
     * waits in status 5 (under review) for an operator's approval before it is
     * paid out. Default 500000 (R$ 5.000,00).
     */
    reviewFromCentavos: number;
    /**
     * WITHDRAWAL_HOLD_SECONDS: how long a new withdrawal stays pending
     * (status 0, cancellable by the player) before the payout worker sends
     * it to the PSP. Default 60.
     */
    holdSeconds: number;
  };
  /**
   * GAME_PROVIDER_SECRETS: HMAC keys of the game aggregators' seamless-wallet
   * calls (`POST /api/providers/{code}/wallet`), as `code:secret,code2:secret2`
   * (code: the provider's URL slug, never `house`; secret: 16+ characters, no
   * comma). Default none: no aggregator may call.
   */
  gameProviderSecrets: ReadonlyMap<string, string>;
  /** Which aggregator launches each third-party provider's games and signs its wallet calls (server/features/casino/aggregators). */
  gameAggregators: GameAggregatorsConfig;
  /** The sportsbook provider, its widget script, ids and ES256 keys (SPORTSBOOK_*; server/features/sportsbook/config.ts). */
  sportsbook: SportsbookConfig;
  /** The regulator's barred-bettor check, its credentials and the closing term (SIGAP_*; server/features/barred/config.ts). */
  barred: SigapConfig;
  responsibleGaming: {
    /** SELF_EXCLUSION_PLATFORM_URL: the government's centralised self-exclusion platform, linked from `/responsible-gambling`. Default gov.br/autoexclusaoapostas. */
    selfExclusionPlatformUrl: string;
    /** REALITY_CHECK_MINUTE_SECONDS: seconds one minute of the time alert lasts. Default 60; tests shorten it; production mode refuses anything else. */
    realityCheckMinuteSeconds: number;
  };
  push: {
    /**
     * VAPID_SUBJECT: contact push services may use about this platform's
     * pushes (RFC 8292 `sub`), `mailto:` or `https:`. Default
     * `mailto:push@example.com`: set the operator's address in production.
     */
    vapidSubject: string;
    /**
     * PUSH_ALLOW_LOOPBACK_HTTP: `true` accepts push subscriptions whose
     * endpoint is http(s) on 127.0.0.1, localhost or ::1 (local push
     * endpoints of tests). Default false: only public https endpoints.
     */
    allowLoopbackHttp: boolean;
  };
  /** SEED_DEMO: seed the three demo tenants when the tenants table is empty. Default true, false in production mode (where true is refused). */
  seedDemo: boolean;
  /** LOG_LEVEL: debug, info, warn, error or silent. Default info. */
  logLevel: LogLevel;
  /**
   * SHUTDOWN_DEADLINE_SECONDS: on SIGTERM/SIGINT the platform stops taking
   * requests, finishes those in flight and closes; past this many seconds it
   * exits anyway (code 1). A supervisor's stop timeout must be longer
   * (deploy/casino-platform.service). Default 10.
   */
  shutdownDeadlineSeconds: number;
}

/** Aggregator names a configuration may use: `none` (no launcher: the game page's maintenance state) or an adapter's name. */
export const AGGREGATOR_NAME = /^[a-z][a-z0-9-]{0,30}$/;

export interface GameAggregatorsConfig {
  /**
   * GAME_AGGREGATOR: the aggregator of every third-party provider not named
   * in GAME_PROVIDER_AGGREGATORS nor in GAME_PROVIDER_SECRETS: `sandbox`
   * (default: the built-in stand-in aggregator), `none`, or a registered
   * adapter's name. Production mode refuses `sandbox`.
   */
  defaultAggregator: string;
  /**
   * GAME_PROVIDER_AGGREGATORS: per-provider choices as
   * `code:aggregator,code2:aggregator2` (e.g. `jaguar-live:none`). A provider
   * with a secret in GAME_PROVIDER_SECRETS and no entry here is integrated
   * directly (the standard signature with its own secret, no launcher).
   * `house` is never an aggregator's provider. Default none.
   */
  byProvider: ReadonlyMap<string, string>;
  sandbox: {
    /**
     * SANDBOX_AGGREGATOR_SECRET: the sandbox aggregator's HMAC key for its
     * wallet calls (a key derived from it signs its launch sessions).
     * Default `development-sandbox-aggregator-secret`, a DEVELOPMENT value.
     */
    secret: string;
    /**
     * SANDBOX_AGGREGATOR_URL: where browsers reach the sandbox's game pages
     * (launch URLs are `{url}/play?token=…`): site-relative or absolute,
     * it must reach this server's `/sandbox-aggregator`. Default `/sandbox-aggregator`.
     */
    url: string;
    /**
     * SANDBOX_AGGREGATOR_WALLET_URL: the platform API base the sandbox calls
     * (`POST {url}/providers/{code}/wallet`, with the tenant's domain as
     * Host). Default `http://127.0.0.1:{PORT}/api`.
     */
    walletUrl: string;
  };
}

/** Settings of the real PSP adapter (PIX_PSP=bcb-api). */
export interface BcbApiPspConfig {
  /** PIX_PSP_BASE_URL: the PSP's Pix API base (`https://…/v2`), the standard's `/cob`, `/pix` paths hang from it. */
  baseUrl: string;
  /** PIX_PSP_TOKEN_URL: OAuth 2 token endpoint (client credentials grant). */
  tokenUrl: string;
  /** PIX_PSP_CLIENT_ID / PIX_PSP_CLIENT_SECRET: OAuth client credentials. */
  clientId: string;
  clientSecret: string;
  /** PIX_PSP_CERT_FILE / PIX_PSP_KEY_FILE: PEM client certificate and key for mTLS (the standard requires mutual TLS). */
  certFile: string;
  keyFile: string;
  /** PIX_PSP_CA_FILE: PEM CA bundle to trust for the PSP's server certificate; null = system CAs. */
  caFile: string | null;
  /** PIX_PSP_PIX_KEY: the operator's receiving Pix key (the charge's `chave`). */
  pixKey: string;
}

/** Thrown by `getConfig` when a variable is malformed; the message says what to set. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

/**
 * Thrown by `getConfig` in production mode when settings are unfit for it:
 * names every offending variable at once (`variable` lists them, comma
 * separated; `gaps` says why each), so one restart fixes them all.
 */
export class ProductionConfigError extends ConfigError {
  readonly gaps: readonly ProductionGap[];
  constructor(gaps: readonly ProductionGap[]) {
    super([...new Set(gaps.map((g) => g.variable))].join(', '), '');
    this.name = 'ProductionConfigError';
    this.message = `Refusing to start in production mode (NODE_ENV or APP_ENV is production); fix these variables (README, "Deploying to production"):\n${describeGaps(gaps)}`;
    this.gaps = gaps;
  }
}

const port = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'must be a port number between 1 and 65535, e.g. 4321'),
  v.transform(Number),
  v.number(),
  v.minValue(1, 'must be a port number between 1 and 65535, e.g. 4321'),
  v.maxValue(65535, 'must be a port number between 1 and 65535, e.g. 4321'),
);

const bool = v.pipe(
  v.string(),
  v.transform((s) => s.trim().toLowerCase()),
  v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
  v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
);

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));

const databaseUrl = v.pipe(
  nonEmpty,
  v.check(
    (s) => s === 'memory://' || !/^[a-z][a-z0-9+.-]*:\/\//i.test(s) || /^(postgres|postgresql|file):\/\/./i.test(s),
    'must be a folder path, memory://, file://folder, or postgres://user@host:port/database',
  ),
);

const apiUrl = v.pipe(
  nonEmpty,
  v.regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'must be a site-relative path such as /api or an absolute http(s) URL'),
  v.transform((s) => (s.length > 1 ? s.replace(/\/+$/, '') : s)),
);

const headerName = v.pipe(
  nonEmpty,
  v.regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name such as cf-ipcountry'),
  v.transform((s) => s.toLowerCase()),
);

const httpUrl = v.pipe(nonEmpty, v.regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL'));
const smtpUrl = v.pipe(nonEmpty, v.regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL'));
const scryptLogN = v.pipe(
  v.string(),
  v.regex(/^\d{1,2}$/, 'must be an integer between 10 and 20'),
  v.transform(Number),
  v.number(),
  v.minValue(10, 'must be an integer between 10 and 20'),
  v.maxValue(20, 'must be an integer between 10 and 20'),
);

const redisUrl = v.pipe(nonEmpty, v.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'));
const realtimeLimit = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,6}$/, 'must be a whole number from 1 to 9999999'),
  v.transform(Number),
);

/** Each variable, its schema and its default (undefined = optional). */
const variables = {
  PORT: [port, '4321'],
  HOST: [nonEmpty, '0.0.0.0'],
  DATABASE_URL: [databaseUrl, './data/pglite'],
  PUBLIC_API_URL: [apiUrl, '/api'],
  SITES_DIR: [nonEmpty, './dist/sites'],
  GEOIP_COUNTRY_HEADER: [headerName, 'cf-ipcountry'],
  REALTIME_PORT: [port, '6001'],
  REALTIME_APP_ID: [nonEmpty, 'app-id'],
  REALTIME_APP_KEY: [nonEmpty, 'app-key'],
  REALTIME_APP_SECRET: [nonEmpty, DEVELOPMENT_DEFAULTS.REALTIME_APP_SECRET],
  REALTIME_PUBLIC_HOST: [v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9.-]*$/, 'must be a host name without scheme or port (or empty)')), ''],
  REALTIME_PUBLIC_PORT: [port, undefined],
  REALTIME_FORCE_TLS: [bool, undefined],
  REDIS_URL: [redisUrl, undefined],
  REALTIME_MAX_MESSAGE_BYTES: [realtimeLimit, '10240'],
  REALTIME_CLIENT_EVENTS_PER_SECOND: [realtimeLimit, '10'],
  REALTIME_MAX_CHANNELS_PER_CONNECTION: [realtimeLimit, '100'],
  REALTIME_MAX_PRESENCE_MEMBERS: [realtimeLimit, '10000'],
  REALTIME_CONNECTIONS_PER_IP_PER_SECOND: [realtimeLimit, '50'],
  SITE_ORIGIN_SCHEME: [v.picklist(['http', 'https'], 'must be http or https'), undefined],
  SITE_ORIGIN_PORT: [port, undefined],
  DATA_DIR: [nonEmpty, './data'],
  CLIENT_IP_HEADER: [headerName, undefined],
  PASSWORD_SCRYPT_LOG_N: [scryptLogN, '15'],
  GOOGLE_JWKS_URL: [httpUrl, 'https://www.googleapis.com/oauth2/v3/certs'],
  TURNSTILE_VERIFY_URL: [httpUrl, 'https://challenges.cloudflare.com/turnstile/v0/siteverify'],
  TURNSTILE_SECRET: [nonEmpty, undefined],
  SMTP_URL: [smtpUrl, undefined],
  MAIL_FROM: [nonEmpty, DEVELOPMENT_DEFAULTS.MAIL_FROM],
  SMS_GATEWAY_URL: [httpUrl, undefined],
  SMS_GATEWAY_TOKEN: [nonEmpty, undefined],
  IP_RATE_LIMIT_SCALE: [
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'must be a whole number from 1 to 1000'), v.transform(Number), v.number(), v.minValue(1, 'must be a whole number from 1 to 1000'), v.maxValue(1000, 'must be a whole number from 1 to 1000')),
    '1',
  ],
  STAFF_TOTP_KEY: [
    v.pipe(nonEmpty, v.regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (a 32-byte key), e.g. from `openssl rand -hex 32`'), v.transform((hex) => Buffer.from(hex, 'hex'))),
    DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY,
  ],
  PIX_WEBHOOK_SECRET: [v.pipe(nonEmpty, v.minLength(16, 'must be at least 16 characters')), DEVELOPMENT_DEFAULTS.PIX_WEBHOOK_SECRET],
  PIX_WEBHOOK_URL: [httpUrl, undefined],
  PIX_MERCHANT_NAME: [nonEmpty, 'Cassino'],
  PIX_MERCHANT_CITY: [nonEmpty, 'Sao Paulo'],
  PIX_PSP: [v.picklist(['sandbox', 'bcb-api'], 'must be sandbox or bcb-api'), 'sandbox'],
  PIX_PSP_BASE_URL: [httpUrl, undefined],
  PIX_PSP_TOKEN_URL: [httpUrl, undefined],
  PIX_PSP_CLIENT_ID: [nonEmpty, undefined],
  PIX_PSP_CLIENT_SECRET: [nonEmpty, undefined],
  PIX_PSP_CERT_FILE: [nonEmpty, undefined],
  PIX_PSP_KEY_FILE: [nonEmpty, undefined],
  PIX_PSP_CA_FILE: [nonEmpty, undefined],
  PIX_PSP_PIX_KEY: [nonEmpty, undefined],
  WITHDRAWAL_REVIEW_CENTAVOS: [
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, 'must be a whole number of centavos above 0'), v.transform(Number)),
    '500000',
  ],
  WITHDRAWAL_HOLD_SECONDS: [v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a whole number of seconds (0 to 99999)'), v.transform(Number)), '60'],
  GAME_PROVIDER_SECRETS: [
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^$|^[a-z0-9][a-z0-9-]{0,62}:[^,]{16,}(,[a-z0-9][a-z0-9-]{0,62}:[^,]{16,})*$/, 'must be code:secret pairs separated by commas (secrets of 16+ characters)'),
      v.check((value) => !/(^|,)house:/.test(value), 'must not name `house`, the built-in provider'),
    ),
    '',
  ],
  GAME_AGGREGATOR: [v.pipe(nonEmpty, v.regex(AGGREGATOR_NAME, 'must be an aggregator name such as sandbox or none')), 'sandbox'],
  GAME_PROVIDER_AGGREGATORS: [
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^$|^[a-z0-9][a-z0-9-]{0,62}:[a-z][a-z0-9-]{0,30}(,[a-z0-9][a-z0-9-]{0,62}:[a-z][a-z0-9-]{0,30})*$/, 'must be code:aggregator pairs separated by commas, e.g. jaguar-live:none'),
      v.check((value) => !/(^|,)house:/.test(value), 'must not name `house`, the built-in provider'),
    ),
    '',
  ],
  SANDBOX_AGGREGATOR_SECRET: [v.pipe(nonEmpty, v.minLength(32, 'must be at least 32 characters')), DEVELOPMENT_DEFAULTS.SANDBOX_AGGREGATOR_SECRET],
  SANDBOX_AGGREGATOR_URL: [apiUrl, '/sandbox-aggregator'],
  SANDBOX_AGGREGATOR_WALLET_URL: [v.pipe(httpUrl, v.transform((s) => s.replace(/\/+$/, ''))), undefined],
  ...SPORTSBOOK_VARIABLES,
  ...SIGAP_VARIABLES,
  SELF_EXCLUSION_PLATFORM_URL: [httpUrl, 'https://www.gov.br/autoexclusaoapostas'],
  REALITY_CHECK_MINUTE_SECONDS: [v.pipe(v.string(), v.regex(/^[1-9]\d?$/, 'must be a whole number of seconds from 1 to 99'), v.transform(Number)), '60'],
  DEV_OUTBOX: [bool, 'false'],
  VAPID_SUBJECT: [v.pipe(nonEmpty, v.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')), DEVELOPMENT_DEFAULTS.VAPID_SUBJECT],
  PUSH_ALLOW_LOOPBACK_HTTP: [bool, 'false'],
  // Unset: true in the demo, false in production mode (getConfig).
  SEED_DEMO: [bool, undefined],
  NODE_ENV: [v.string(), undefined],
  APP_ENV: [v.string(), undefined],
  LOG_LEVEL: [v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'],
  SHUTDOWN_DEADLINE_SECONDS: [v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, 'must be a whole number of seconds from 1 to 9999'), v.transform(Number)), '10'],
} as const;

type Variables = typeof variables;
type Parsed = {
  [K in keyof Variables]: Variables[K][1] extends string
    ? v.InferOutput<Variables[K][0]>
    : v.InferOutput<Variables[K][0]> | undefined;
};

function parseVariables(env: NodeJS.ProcessEnv): Parsed {
  const out: Record<string, unknown> = {};
  for (const [name, [schema, fallback]] of Object.entries(variables)) {
    const raw = env[name];
    const given = raw !== undefined && raw !== '' ? raw : fallback;
    if (given === undefined) {
      out[name] = undefined;
      continue;
    }
    const result = v.safeParse(schema as v.GenericSchema<string, unknown>, given);
    if (!result.success) {
      const issue = result.issues[0];
      throw new ConfigError(name, `${issue.message} (got ${JSON.stringify(given)})`);
    }
    out[name] = result.output;
  }
  return out as Parsed;
}

/** The real PSP's settings: every PIX_PSP_* variable but the CA bundle is required with PIX_PSP=bcb-api. */
function bcbApiConfig(p: Parsed): BcbApiPspConfig {
  const need = (name: keyof Parsed): string => {
    const value = p[name];
    if (typeof value !== 'string') throw new ConfigError(name, 'is required when PIX_PSP=bcb-api');
    return value;
  };
  return {
    baseUrl: need('PIX_PSP_BASE_URL'),
    tokenUrl: need('PIX_PSP_TOKEN_URL'),
    clientId: need('PIX_PSP_CLIENT_ID'),
    clientSecret: need('PIX_PSP_CLIENT_SECRET'),
    certFile: need('PIX_PSP_CERT_FILE'),
    keyFile: need('PIX_PSP_KEY_FILE'),
    caFile: p.PIX_PSP_CA_FILE ?? null,
    pixKey: need('PIX_PSP_PIX_KEY'),
  };
}

/** Production mode: NODE_ENV or APP_ENV is `production`. */
function isProduction(p: Parsed): boolean {
  return [p.NODE_ENV, p.APP_ENV].some((value) => value?.trim().toLowerCase() === 'production');
}

/**
 * Reads and validates the platform configuration.
 * @throws ConfigError naming the first malformed variable and what it must be.
 * @throws ProductionConfigError in production mode, naming every setting unfit for it.
 */
export function getConfig(env: NodeJS.ProcessEnv): Config {
  const p = parseVariables(env);
  const production = isProduction(p);
  const values = readValues(p, production);
  const gaps = productionGaps(values);
  if (production && gaps.length > 0) throw new ProductionConfigError(gaps);
  return { production, productionGaps: gaps, ...values };
}

function readValues(p: Parsed, production: boolean): ConfigValues {
  return {
    port: p.PORT,
    host: p.HOST,
    databaseUrl: p.DATABASE_URL,
    publicApiUrl: p.PUBLIC_API_URL,
    sitesDir: p.SITES_DIR,
    geoipCountryHeader: p.GEOIP_COUNTRY_HEADER,
    realtime: {
      port: p.REALTIME_PORT,
      appId: p.REALTIME_APP_ID,
      key: p.REALTIME_APP_KEY,
      secret: p.REALTIME_APP_SECRET,
      publicHost: p.REALTIME_PUBLIC_HOST,
      publicPort: p.REALTIME_PUBLIC_PORT ?? p.REALTIME_PORT,
      forceTls: p.REALTIME_FORCE_TLS ?? null,
    },
    redisUrl: p.REDIS_URL ?? null,
    realtimeLimits: {
      messageBytes: p.REALTIME_MAX_MESSAGE_BYTES,
      clientEventsPerSecond: p.REALTIME_CLIENT_EVENTS_PER_SECOND,
      channelsPerConnection: p.REALTIME_MAX_CHANNELS_PER_CONNECTION,
      presenceMembers: p.REALTIME_MAX_PRESENCE_MEMBERS,
      connectionsPerIpPerSecond: p.REALTIME_CONNECTIONS_PER_IP_PER_SECOND,
    },
    siteOriginScheme: p.SITE_ORIGIN_SCHEME ?? null,
    siteOriginPort: p.SITE_ORIGIN_PORT ?? null,
    dataDir: p.DATA_DIR,
    clientIpHeader: p.CLIENT_IP_HEADER ?? null,
    auth: {
      scryptLogN: p.PASSWORD_SCRYPT_LOG_N,
      googleJwksUrl: p.GOOGLE_JWKS_URL,
      turnstileVerifyUrl: p.TURNSTILE_VERIFY_URL,
      turnstileSecret: p.TURNSTILE_SECRET ?? null,
    },
    notifier: {
      smtpUrl: p.SMTP_URL ?? null,
      mailFrom: p.MAIL_FROM,
      smsGatewayUrl: p.SMS_GATEWAY_URL ?? null,
      smsGatewayToken: p.SMS_GATEWAY_TOKEN ?? null,
    },
    ipRateLimitScale: p.IP_RATE_LIMIT_SCALE,
    backoffice: { totpKey: p.STAFF_TOTP_KEY },
    pix: {
      webhookSecret: p.PIX_WEBHOOK_SECRET,
      webhookUrl: p.PIX_WEBHOOK_URL ?? `http://127.0.0.1:${p.PORT}/api/pix/webhook`,
      merchantName: p.PIX_MERCHANT_NAME,
      merchantCity: p.PIX_MERCHANT_CITY,
      psp: p.PIX_PSP,
      bcbApi: p.PIX_PSP === 'bcb-api' ? bcbApiConfig(p) : null,
    },
    withdrawals: {
      reviewFromCentavos: p.WITHDRAWAL_REVIEW_CENTAVOS,
      holdSeconds: p.WITHDRAWAL_HOLD_SECONDS,
    },
    gameProviderSecrets: new Map(
      p.GAME_PROVIDER_SECRETS.split(',')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)] as const),
    ),
    gameAggregators: {
      defaultAggregator: p.GAME_AGGREGATOR,
      byProvider: new Map(
        p.GAME_PROVIDER_AGGREGATORS.split(',')
          .filter(Boolean)
          .map((pair) => pair.split(':') as [string, string]),
      ),
      sandbox: {
        secret: p.SANDBOX_AGGREGATOR_SECRET,
        url: p.SANDBOX_AGGREGATOR_URL,
        walletUrl: p.SANDBOX_AGGREGATOR_WALLET_URL ?? `http://127.0.0.1:${p.PORT}/api`,
      },
    },
    sportsbook: sportsbookConfig(p, { port: p.PORT, dataDir: p.DATA_DIR }, (variable, message) => {
      throw new ConfigError(variable, message);
    }),
    barred: sigapConfig(p, (variable, message) => {
      throw new ConfigError(variable, message);
    }),
    responsibleGaming: { selfExclusionPlatformUrl: p.SELF_EXCLUSION_PLATFORM_URL, realityCheckMinuteSeconds: p.REALITY_CHECK_MINUTE_SECONDS },
    devOutbox: p.DEV_OUTBOX,
    push: { vapidSubject: p.VAPID_SUBJECT, allowLoopbackHttp: p.PUSH_ALLOW_LOOPBACK_HTTP },
    seedDemo: p.SEED_DEMO ?? !production,
    logLevel: p.LOG_LEVEL,
    shutdownDeadlineSeconds: p.SHUTDOWN_DEADLINE_SECONDS,
  };
}
