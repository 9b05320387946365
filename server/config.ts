import * as v from 'valibot';

/**
 * Platform configuration, read once at start from the environment.
 * `getConfig` is pure (no I/O, no process globals) so tests call it with a
 * plain object; it fails fast with a `ConfigError` naming the variable to fix.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
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
  /** SEED_DEMO: seed the three demo tenants when the tenants table is empty. Default true. */
  seedDemo: boolean;
  /** LOG_LEVEL: debug, info, warn, error or silent. Default info. */
  logLevel: LogLevel;
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

const redisUrl = v.pipe(nonEmpty, v.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'));

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
  REALTIME_APP_SECRET: [nonEmpty, 'app-secret'],
  REALTIME_PUBLIC_HOST: [v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9.-]*$/, 'must be a host name without scheme or port (or empty)')), ''],
  REALTIME_PUBLIC_PORT: [port, undefined],
  REALTIME_FORCE_TLS: [bool, undefined],
  REDIS_URL: [redisUrl, undefined],
  SITE_ORIGIN_SCHEME: [v.picklist(['http', 'https'], 'must be http or https'), undefined],
  SITE_ORIGIN_PORT: [port, undefined],
  SEED_DEMO: [bool, 'true'],
  LOG_LEVEL: [v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'],
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

/**
 * Reads and validates the platform configuration.
 * @throws ConfigError naming the first malformed variable and what it must be.
 */
export function getConfig(env: NodeJS.ProcessEnv): Config {
  const p = parseVariables(env);
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
    siteOriginScheme: p.SITE_ORIGIN_SCHEME ?? null,
    siteOriginPort: p.SITE_ORIGIN_PORT ?? null,
    seedDemo: p.SEED_DEMO,
    logLevel: p.LOG_LEVEL,
  };
}
