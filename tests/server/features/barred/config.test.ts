import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig, ProductionConfigError } from '../../../../server/config.ts';
import { SANDBOX_SIGAP_CREDENTIALS } from '../../../../server/features/barred/config.ts';
import { PRODUCTION_ENV } from '../../helpers/production-env.ts';

/* SIGAP_* configuration, and what production mode refuses of it. */

function refusal(env: Record<string, string>): ProductionConfigError {
  try {
    getConfig(env);
  } catch (error) {
    if (error instanceof ProductionConfigError) return error;
    throw error;
  }
  throw new Error('expected a production refusal');
}

describe('SIGAP configuration', () => {
  it('defaults to the sandbox stand-in, its documented credentials and a 30-day term', () => {
    expect(getConfig({}).barred).toEqual({ provider: 'sandbox', url: null, ...SANDBOX_SIGAP_CREDENTIALS, closeAfterDays: 30, timeoutMs: 5000 });
    expect(getConfig({ SIGAP_CLOSE_AFTER_DAYS: '45' }).barred.closeAfterDays).toBe(45);
  });

  it('requires the URL and both credentials with sigap, and refuses malformed values naming the variable', () => {
    expect(() => getConfig({ SIGAP_PROVIDER: 'sigap', SIGAP_CLIENT_ID: 'a', SIGAP_CLIENT_SECRET: 'b' })).toThrow(/SIGAP_URL is required when SIGAP_PROVIDER=sigap/);
    expect(() => getConfig({ SIGAP_PROVIDER: 'sigap', SIGAP_URL: 'https://x.example', SIGAP_CLIENT_ID: 'a' })).toThrow(/SIGAP_CLIENT_SECRET is required/);
    expect(() => getConfig({ SIGAP_PROVIDER: 'regulator' })).toThrow(ConfigError);
    expect(() => getConfig({ SIGAP_URL: 'ftp://x' })).toThrow(/SIGAP_URL must be an http/);
    expect(() => getConfig({ SIGAP_CLOSE_AFTER_DAYS: '0' })).toThrow(/SIGAP_CLOSE_AFTER_DAYS/);
  });

  it('production mode accepts the regulator’s service with its own credentials', () => {
    expect(getConfig({ ...PRODUCTION_ENV }).barred).toMatchObject({ provider: 'sigap', url: 'https://sigap.example.gov.br/api' });
  });

  it.each([
    [{ SIGAP_PROVIDER: 'sandbox' }, /SIGAP_PROVIDER is sandbox/],
    [{ SIGAP_PROVIDER: 'none' }, /SIGAP_PROVIDER is none: barred bettors .* would not be checked/],
    [{ SIGAP_CLIENT_SECRET: SANDBOX_SIGAP_CREDENTIALS.clientSecret }, /SIGAP_CLIENT_SECRET is the sandbox’s documented "development-sigap-client-secret"/],
    [{ SIGAP_CLIENT_ID: SANDBOX_SIGAP_CREDENTIALS.clientId }, /SIGAP_CLIENT_ID is the sandbox’s documented/],
    [{ SIGAP_CLIENT_SECRET: 'short' }, /SIGAP_CLIENT_SECRET is shorter than 16 characters/],
    [{ SIGAP_URL: 'http://127.0.0.1:4321/sandbox-sigap' }, /SIGAP_URL points at this machine/],
    [{ SIGAP_URL: 'http://sigap.example.gov.br' }, /SIGAP_URL must be an https:\/\/ URL/],
  ])('production mode refuses %o', (change, message) => {
    expect(refusal({ ...PRODUCTION_ENV, ...change }).message).toMatch(message);
  });
});
