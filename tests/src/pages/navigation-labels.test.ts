import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { NAV_ROUTES, routeLabelKey } from '../../../src/components/navigation/routes.ts';
import { t } from '../../../src/i18n/index.ts';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url), 'utf8')) as TenantBundle;
const refer = NAV_ROUTES.find((r) => r.id === 'refer-a-friend')!;

describe('side-menu labels by regulation', () => {
  it('promises a reward for referring a friend only where the tenant pays one', () => {
    const open = { ...fixture.config, is_regulated: false };
    const regulated = { ...fixture.config, is_regulated: true };
    expect(t('pt', routeLabelKey(refer, open))).toBe('Indique um amigo e ganhe');
    expect(t('en', routeLabelKey(refer, open))).toBe('Refer a friend and earn');
    expect(t('pt', routeLabelKey(refer, regulated))).toBe('Indique um amigo');
    expect(t('en', routeLabelKey(refer, regulated))).toBe('Refer a friend');
  });

  it('keeps every other label whatever the regulation', () => {
    const regulated = { ...fixture.config, is_regulated: true };
    for (const route of NAV_ROUTES.filter((r) => r.id !== 'refer-a-friend')) expect(routeLabelKey(route, regulated)).toBe(route.labelKey);
  });
});
