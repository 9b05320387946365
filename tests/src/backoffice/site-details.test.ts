import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import { draftOf, patchOf } from '../../../src/backoffice/stores/site-details.ts';
import { $locale } from '../../../src/backoffice/i18n.ts';
import { demoTenants } from '../../../server/features/tenants/demo/tenants.ts';

/** A demo tenant's configuration as the platform serves it (with its id). */
const config: SiteConfig = { ...demoTenants()[0]!.config, casino_id: 1 };

describe('the site details form', () => {
  it('reads limits exactly as typed in reais and shows centavos back in reais', () => {
    $locale.set('en-US');
    expect(draftOf({ ...config, max_withdrawal: 123_456 }).money.max_withdrawal).toBe('1,234.56');
    $locale.set('pt-BR');
    const draft = draftOf({ ...config, max_withdrawal: 123_456 });
    expect(draft.money.max_withdrawal).toBe('1.234,56');
    draft.money.min_deposit = '0,29';
    draft.money.max_deposit = '1.234,57';
    draft.money.min_withdrawal = 'dez';
    const patch = patchOf(config, draft);
    // 0,29 is 29 centavos (a float multiplication gives 28.999…).
    expect(patch.min_deposit).toBe(29);
    expect(patch.max_deposit).toBe(123_457);
    // Unreadable text goes as typed, for the platform to refuse with the field named.
    expect(patch.min_withdrawal).toBe('dez');
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
