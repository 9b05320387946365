import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import { accessDraftOf, accessPatchOf } from '../../../src/backoffice/stores/site-access.ts';
import { nextNetwork, socialPatchOf, socialProblems, socialRowsOf } from '../../../src/backoffice/stores/site-social.ts';
import { demoTenants } from '../../../server/features/tenants/demo/tenants.ts';

const config: SiteConfig = { ...demoTenants()[0]!.config, casino_id: 1, googleClientId: 'client-1.apps', betby: { active: false, brand_id: '', theme_name: 'default' } };

describe('the sign-in and integrations form', () => {
  it('sends nothing when nothing changed', () => {
    expect(accessPatchOf(config, accessDraftOf(config))).toEqual({});
  });

  it('sends the switches and texts that changed; an emptied identifier is removed', () => {
    const d = accessDraftOf(config);
    d.access.login_requires_email = !config.login_requires_email;
    d.integrations.googleClientId = '  ';
    d.integrations.turnstileSiteKey = ' 0x4AAA ';
    const patch = accessPatchOf(config, d);
    expect(patch).toEqual({ login_requires_email: !config.login_requires_email, googleClientId: null, turnstileSiteKey: '0x4AAA' });
  });

  it('sends BetBy whole when one of its settings changed, and only the spine colours that changed', () => {
    const d = accessDraftOf(config);
    d.betby.brand_id = ' 1234 ';
    d.spineBox.red = '#AA0000';
    d.spineBox.blue = config.spineBox.blue.toUpperCase();
    const patch = accessPatchOf(config, d);
    expect(patch.betby).toEqual({ active: false, brand_id: '1234', theme_name: 'default' });
    expect(patch.spineBox).toEqual({ red: '#AA0000' });
  });
});

describe('the social links form', () => {
  const withLinks: SiteConfig = { ...config, socialLinks: [{ network: 'instagram', url: 'https://instagram.com/sorte' }] };

  it('sends nothing when the list is unchanged, and the whole list when it changed', () => {
    const rows = socialRowsOf(withLinks);
    expect(socialPatchOf(withLinks, rows)).toEqual({});
    const added = [...rows, { network: nextNetwork(rows), url: ' https://x.com/sorte ' }];
    expect(added[1]!.network).toBe('x');
    expect(socialPatchOf(withLinks, added)).toEqual({
      socialLinks: [
        { network: 'instagram', url: 'https://instagram.com/sorte' },
        { network: 'x', url: 'https://x.com/sorte' },
      ],
    });
    expect(socialPatchOf(withLinks, [])).toEqual({ socialLinks: [] });
  });

  it('finds the rows whose address is not a full https:// address', () => {
    const rows = [
      { network: 'instagram' as const, url: 'https://instagram.com/a' },
      { network: 'x' as const, url: 'x.com/a' },
      { network: 'facebook' as const, url: 'http://facebook.com/a' },
      { network: 'youtube' as const, url: '' },
    ];
    expect([...socialProblems(rows)]).toEqual([1, 2, 3]);
  });
});
