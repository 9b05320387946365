import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig, ProductionConfigError } from '../../server/config.ts';
import { DEVELOPMENT_DEFAULTS } from '../../server/config-production.ts';
import { PRODUCTION_ENV } from './helpers/production-env.ts';

describe('getConfig', () => {
  it('gives working local defaults with an empty environment', () => {
    const config = getConfig({});
    expect(config).toMatchObject({
      port: 4321,
      host: '0.0.0.0',
      databaseUrl: './data/pglite',
      publicApiUrl: '/api',
      sitesDir: './dist/sites',
      geoipCountryHeader: 'cf-ipcountry',
      redisUrl: null,
      seedDemo: true,
      logLevel: 'info',
    });
    expect(config.realtime).toEqual({
      port: 6001,
      appId: 'app-id',
      key: 'app-key',
      secret: 'app-secret',
      publicHost: '',
      publicPort: 6001,
      forceTls: null,
    });
  });

  it('reads every variable', () => {
    const config = getConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/casino',
      PUBLIC_API_URL: 'https://api.example.com/v1/',
      SITES_DIR: '/srv/sites',
      GEOIP_COUNTRY_HEADER: 'X-Country',
      REALTIME_PORT: '7000',
      REALTIME_APP_ID: 'id1',
      REALTIME_APP_KEY: 'key1',
      REALTIME_APP_SECRET: 'secret1',
      REALTIME_PUBLIC_HOST: 'ws.example.com',
      REALTIME_PUBLIC_PORT: '443',
      REALTIME_FORCE_TLS: 'true',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SITE_ORIGIN_SCHEME: 'https',
      SITE_ORIGIN_PORT: '8443',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/casino',
      publicApiUrl: 'https://api.example.com/v1',
      sitesDir: '/srv/sites',
      geoipCountryHeader: 'x-country',
      redisUrl: 'redis://127.0.0.1:6379',
      siteOriginScheme: 'https',
      siteOriginPort: 8443,
      seedDemo: false,
      logLevel: 'warn',
      realtime: { port: 7000, appId: 'id1', key: 'key1', secret: 'secret1', publicHost: 'ws.example.com', publicPort: 443, forceTls: true },
    });
  });

  it('treats empty values as unset', () => {
    expect(getConfig({ PORT: '', REDIS_URL: '' })).toMatchObject({ port: 4321, redisUrl: null });
  });

  it.each([
    ['PORT', 'abc', /PORT must be a port number between 1 and 65535/],
    ['PORT', '70000', /PORT must be a port number/],
    ['REALTIME_PORT', '0', /REALTIME_PORT must be a port number/],
    ['DATABASE_URL', 'mysql://x/y', /DATABASE_URL must be a folder path, memory:\/\/, file:\/\/folder, or postgres:\/\//],
    ['PUBLIC_API_URL', 'api', /PUBLIC_API_URL must be a site-relative path such as \/api/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO must be true or false/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of debug, info, warn, error, silent/],
    ['SITE_ORIGIN_SCHEME', 'ftp', /SITE_ORIGIN_SCHEME must be http or https/],
    ['GEOIP_COUNTRY_HEADER', 'bad header', /GEOIP_COUNTRY_HEADER must be an HTTP header name/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    let error: unknown;
    try {
      getConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as ConfigError).message).toMatch(message);
    expect((error as ConfigError).message).toContain(JSON.stringify(value));
  });

  it('accepts PGlite folders and memory', () => {
    expect(getConfig({ DATABASE_URL: 'memory://' }).databaseUrl).toBe('memory://');
    expect(getConfig({ DATABASE_URL: '/var/lib/casino' }).databaseUrl).toBe('/var/lib/casino');
    expect(getConfig({ DATABASE_URL: 'file://./data/x' }).databaseUrl).toBe('file://./data/x');
  });

  it('uses the sandbox PSP by default and needs every PIX_PSP_* setting for the real one', () => {
    expect(getConfig({}).pix).toMatchObject({ psp: 'sandbox', bcbApi: null });
    expect(getConfig({}).withdrawals).toEqual({ reviewFromCentavos: 500000, holdSeconds: 60 });
    const real = {
      PIX_PSP: 'bcb-api',
      PIX_PSP_BASE_URL: 'https://psp.example/api/v2',
      PIX_PSP_TOKEN_URL: 'https://psp.example/oauth/token',
      PIX_PSP_CLIENT_ID: 'client',
      PIX_PSP_CLIENT_SECRET: 'secret',
      PIX_PSP_CERT_FILE: '/etc/pix/cert.pem',
      PIX_PSP_KEY_FILE: '/etc/pix/key.pem',
      PIX_PSP_PIX_KEY: 'pix@operador.example',
    };
    expect(getConfig(real).pix.bcbApi).toEqual({
      baseUrl: 'https://psp.example/api/v2',
      tokenUrl: 'https://psp.example/oauth/token',
      clientId: 'client',
      clientSecret: 'secret',
      certFile: '/etc/pix/cert.pem',
      keyFile: '/etc/pix/key.pem',
      caFile: null,
      pixKey: 'pix@operador.example',
    });
    expect(() => getConfig({ ...real, PIX_PSP_CERT_FILE: '' })).toThrow(/PIX_PSP_CERT_FILE is required when PIX_PSP=bcb-api/);
    expect(() => getConfig({ PIX_PSP: 'acme' })).toThrow(/PIX_PSP must be sandbox or bcb-api/);
    expect(() => getConfig({ WITHDRAWAL_HOLD_SECONDS: '-1' })).toThrow(/WITHDRAWAL_HOLD_SECONDS/);
    expect(() => getConfig({ WITHDRAWAL_REVIEW_CENTAVOS: '0' })).toThrow(/WITHDRAWAL_REVIEW_CENTAVOS/);
  });

  it('reads the game providers’ wallet secrets and refuses malformed ones', () => {
    expect(getConfig({}).gameProviderSecrets.size).toBe(0);
    const secrets = getConfig({ GAME_PROVIDER_SECRETS: 'acme:0123456789abcdef,spin-co:s3cr3t-s3cr3t-s3cr3t' }).gameProviderSecrets;
    expect([...secrets]).toEqual([
      ['acme', '0123456789abcdef'],
      ['spin-co', 's3cr3t-s3cr3t-s3cr3t'],
    ]);
    expect(() => getConfig({ GAME_PROVIDER_SECRETS: 'acme:short' })).toThrow(/GAME_PROVIDER_SECRETS/);
    expect(() => getConfig({ GAME_PROVIDER_SECRETS: 'house:0123456789abcdef' })).toThrow(/GAME_PROVIDER_SECRETS must not name `house`/);
  });

  it('reads which aggregator serves which provider, the sandbox by default', () => {
    expect(getConfig({ PORT: '8080' }).gameAggregators).toEqual({
      defaultAggregator: 'sandbox',
      byProvider: new Map(),
      sandbox: { secret: 'development-sandbox-aggregator-secret', url: '/sandbox-aggregator', walletUrl: 'http://127.0.0.1:8080/api' },
    });
    const config = getConfig({
      GAME_AGGREGATOR: 'none',
      GAME_PROVIDER_AGGREGATORS: 'aurora-gaming:sandbox,jaguar-live:none',
      SANDBOX_AGGREGATOR_SECRET: 'a-sandbox-secret-of-32-characters!',
      SANDBOX_AGGREGATOR_URL: 'https://games.example/sandbox-aggregator/',
      SANDBOX_AGGREGATOR_WALLET_URL: 'https://api.example/api/',
    }).gameAggregators;
    expect(config).toEqual({
      defaultAggregator: 'none',
      byProvider: new Map([
        ['aurora-gaming', 'sandbox'],
        ['jaguar-live', 'none'],
      ]),
      sandbox: { secret: 'a-sandbox-secret-of-32-characters!', url: 'https://games.example/sandbox-aggregator', walletUrl: 'https://api.example/api' },
    });
    expect(() => getConfig({ GAME_PROVIDER_AGGREGATORS: 'house:sandbox' })).toThrow(/GAME_PROVIDER_AGGREGATORS must not name `house`/);
    expect(() => getConfig({ GAME_PROVIDER_AGGREGATORS: 'aurora-gaming' })).toThrow(/GAME_PROVIDER_AGGREGATORS must be code:aggregator pairs/);
    expect(() => getConfig({ SANDBOX_AGGREGATOR_SECRET: 'short' })).toThrow(/SANDBOX_AGGREGATOR_SECRET must be at least 32 characters/);
  });
});

const PRODUCTION = PRODUCTION_ENV;

function refusal(env: Record<string, string>): ProductionConfigError {
  try {
    getConfig(env);
  } catch (error) {
    if (error instanceof ProductionConfigError) return error;
    throw error;
  }
  throw new Error('getConfig accepted the configuration');
}

describe('production mode', () => {
  it('starts with real settings, no sandbox and no demo seed by default', () => {
    const config = getConfig(PRODUCTION);
    expect(config).toMatchObject({ production: true, productionGaps: [], seedDemo: false, devOutbox: false });
    expect(getConfig({ ...PRODUCTION, NODE_ENV: '', APP_ENV: 'production' }).production).toBe(true);
  });

  it('is off unless NODE_ENV or APP_ENV says production: the demo keeps its sandboxes and seeds', () => {
    for (const env of [{}, { NODE_ENV: 'test' }, { NODE_ENV: 'development', APP_ENV: 'demo' }]) {
      const config = getConfig(env);
      expect(config).toMatchObject({ production: false, seedDemo: true });
      expect(config.productionGaps.map((g) => g.variable)).toEqual(expect.arrayContaining(['PIX_PSP', 'PIX_WEBHOOK_SECRET', 'REALTIME_APP_SECRET', 'SMS_GATEWAY_URL', 'SMTP_URL']));
    }
  });

  it('refuses the documented defaults naming every offending variable in one message', () => {
    const error = refusal({ NODE_ENV: 'production' });
    expect(error).toBeInstanceOf(ConfigError);
    const names = ['REALTIME_APP_SECRET', 'PIX_WEBHOOK_SECRET', 'STAFF_TOTP_KEY', 'GAME_AGGREGATOR', 'PIX_PSP', 'SMS_GATEWAY_URL', 'SMTP_URL', 'MAIL_FROM', 'VAPID_SUBJECT', 'SPORTSBOOK_PROVIDER', 'SIGAP_PROVIDER'];
    expect(error.gaps.map((g) => g.variable)).toEqual(names);
    for (const name of names) expect(error.message).toContain(`  - ${name} `);
    expect(error.message).toContain('REALTIME_APP_SECRET is the documented default "app-secret"');
    expect(error.message).toContain('PIX_WEBHOOK_SECRET is the documented default "development-pix-webhook-secret"');
    expect(error.variable).toBe(names.join(', '));
  });

  it.each([
    ['REALTIME_APP_SECRET', 'a-secret-of-31-characters-xxxxx', /REALTIME_APP_SECRET is shorter than 32 characters/],
    ['PIX_WEBHOOK_SECRET', 'sixteen-chars-ok', /PIX_WEBHOOK_SECRET is shorter than 32 characters/],
    ['STAFF_TOTP_KEY', DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY, /STAFF_TOTP_KEY is the documented default/],
    ['GAME_PROVIDER_SECRETS', 'acme:0123456789abcdef0123456789abcdef,spin:0123456789abcdef', /GAME_PROVIDER_SECRETS has a secret for "spin" shorter than 32/],
    ['PIX_PSP_CLIENT_SECRET', 'short', /PIX_PSP_CLIENT_SECRET is shorter than 16 characters/],
    ['PIX_PSP_BASE_URL', 'http://127.0.0.1:8443/v2', /PIX_PSP_BASE_URL points at this machine/],
    ['PIX_PSP_TOKEN_URL', 'http://psp.example/oauth/token', /PIX_PSP_TOKEN_URL must be an https:\/\/ URL/],
    ['TURNSTILE_VERIFY_URL', 'http://127.0.0.1:9/verify', /TURNSTILE_VERIFY_URL points at this machine/],
    ['GOOGLE_JWKS_URL', 'https://stand-in.localhost/certs', /GOOGLE_JWKS_URL points at this machine/],
    ['TURNSTILE_SECRET', '1x0000000000000000000000000000000AA', /TURNSTILE_SECRET is one of Cloudflare/],
    ['DEV_OUTBOX', 'true', /DEV_OUTBOX is true/],
    ['PUSH_ALLOW_LOOPBACK_HTTP', 'true', /PUSH_ALLOW_LOOPBACK_HTTP is true/],
    ['SEED_DEMO', 'true', /SEED_DEMO is true/],
    ['DATABASE_URL', 'memory://', /DATABASE_URL is memory:\/\//],
    ['SMS_GATEWAY_URL', '', /SMS_GATEWAY_URL is unset/],
    ['SMTP_URL', '', /SMTP_URL is unset/],
  ])('refuses %s=%s', (name, value, message) => {
    const error = refusal({ ...PRODUCTION, [name]: value });
    expect(error.gaps.map((g) => g.variable)).toEqual([name]);
    expect(error.message).toMatch(message);
  });

  it('refuses the sandbox PSP', () => {
    const env = Object.fromEntries(Object.entries(PRODUCTION).filter(([name]) => !name.startsWith('PIX_PSP')));
    expect(refusal(env).gaps).toEqual([{ variable: 'PIX_PSP', problem: expect.stringMatching(/^is sandbox/) }]);
  });

  it('refuses the sandbox aggregator, as the default or for one provider', () => {
    const { GAME_AGGREGATOR: _none, ...byDefault } = PRODUCTION;
    expect(refusal(byDefault).gaps).toEqual([{ variable: 'GAME_AGGREGATOR', problem: expect.stringMatching(/^is sandbox/) }]);
    expect(refusal({ ...PRODUCTION, GAME_PROVIDER_AGGREGATORS: 'jaguar-live:none,rota-crash:sandbox' }).gaps).toEqual([
      { variable: 'GAME_PROVIDER_AGGREGATORS', problem: 'maps "rota-crash" to sandbox, the built-in stand-in aggregator' },
    ]);
    expect(getConfig(PRODUCTION).gameAggregators).toMatchObject({ defaultAggregator: 'none', byProvider: new Map() });
  });

  it('leaves TURNSTILE_SECRET optional: a tenant with a site key and no secret refuses captchas', () => {
    expect(getConfig(PRODUCTION).auth.turnstileSecret).toBeNull();
    expect(getConfig({ ...PRODUCTION, TURNSTILE_SECRET: '0x4AAAAAAAreal-secret' }).auth.turnstileSecret).toBe('0x4AAAAAAAreal-secret');
  });
});
