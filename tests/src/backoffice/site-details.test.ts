import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import { centavos, draftOf, patchOf, reais } from '../../../src/backoffice/stores/site-details.ts';
import { demoTenants } from '../../../server/features/tenants/demo/tenants.ts';

/** A demo tenant's configuration as the platform serves it (with its id). */
const config: SiteConfig = { ...demoTenants()[0]!.config, casino_id: 1 };

describe('the site details form', () => {
  it('reads reais as typed in Brazil and writes centavos back', () => {
    expect(centavos('1.234,56')).toBe(123_456);
    expect(centavos('10')).toBe(1_000);
    expect(reais(123_456)).toBe('1234,56');
    expect(Number.isNaN(centavos('dez'))).toBe(true);
  });

  it('patches only what changed; an emptied optional text is removed, a required one is sent empty for the platform to refuse', () => {
    const draft = draftOf(config);
    expect(patchOf(config, draft)).toEqual({});
    draft.money.min_deposit = '25,00';
    draft.switches.hasSports = !config.hasSports;
    draft.texts.supportEmail = '';
    draft.texts.legalName = '  ';
    const patch = patchOf(config, draft);
    expect(patch.min_deposit).toBe(2_500);
    expect(patch.hasSports).toBe(!config.hasSports);
    if (config.supportEmail) expect(patch.supportEmail).toBeNull();
    expect(patch.legalName).toBe('');
    expect(Object.keys(patch)).not.toContain('max_deposit');
  });
});
