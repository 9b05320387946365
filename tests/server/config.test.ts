import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig } from '../../server/config.ts';

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
});
