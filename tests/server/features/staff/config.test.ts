import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig, ProductionConfigError } from '../../../../server/config.ts';
import { DEVELOPMENT_DEFAULTS } from '../../../../server/config-production.ts';
import { PRODUCTION_ENV } from '../../helpers/production-env.ts';

const KEY = 'c3'.repeat(32);

describe('STAFF_TOTP_KEY', () => {
  it('defaults to the published development key, which the demo lists as a production gap', () => {
    const config = getConfig({});
    expect(config.backoffice.totpKey.toString('hex')).toBe(DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY);
    expect(config.productionGaps.map((g) => g.variable)).toContain('STAFF_TOTP_KEY');
  });

  it('reads 64 hex digits as the 32-byte key', () => {
    const key = getConfig({ STAFF_TOTP_KEY: KEY.toUpperCase() }).backoffice.totpKey;
    expect(key).toHaveLength(32);
    expect(key.toString('hex')).toBe(KEY);
    expect(getConfig(PRODUCTION_ENV).backoffice.totpKey).toHaveLength(32);
  });

  it.each([
    ['too short', 'c3'.repeat(16)],
    ['too long', 'c3'.repeat(33)],
    ['not hex', 'z'.repeat(64)],
    ['base64', Buffer.alloc(32, 7).toString('base64')],
  ])('refuses a key %s, in every mode', (_, value) => {
    for (const env of [{ STAFF_TOTP_KEY: value }, { ...PRODUCTION_ENV, STAFF_TOTP_KEY: value }]) {
      expect(() => getConfig(env)).toThrow(ConfigError);
      expect(() => getConfig(env)).toThrow(/STAFF_TOTP_KEY must be 64 hex digits/);
    }
  });

  it('refuses to start in production with the development key', () => {
    const { STAFF_TOTP_KEY: _own, ...unset } = PRODUCTION_ENV;
    for (const env of [unset, { ...PRODUCTION_ENV, STAFF_TOTP_KEY: DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY }]) {
      let error: unknown;
      try {
        getConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ProductionConfigError);
      expect((error as ProductionConfigError).gaps).toEqual([{ variable: 'STAFF_TOTP_KEY', problem: `is the documented default "${DEVELOPMENT_DEFAULTS.STAFF_TOTP_KEY}"` }]);
    }
  });
});
