import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { findLegalPage, getBundle, loadBundle, pageLocales } from '../../../src/tenant/bundle.ts';

const FIXTURE = fileURLToPath(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bundle-test-'));

function writeVariant(name: string, change: (b: TenantBundle) => void): string {
  const bundle = JSON.parse(readFileSync(FIXTURE, 'utf8')) as TenantBundle;
  change(bundle);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(bundle));
  return path;
}

describe('tenant bundle loader', () => {
  afterEach(() => {
    delete process.env.TENANT_BUNDLE;
  });

  it('accepts the fixture and answers page look-ups', () => {
    const bundle = loadBundle(FIXTURE);
    expect(bundle.config.siteTitle).toBe('Sorte Lunar');
    expect(findLegalPage(bundle, 'terms', 'en')?.title).toBe('Terms and Conditions');
    expect(findLegalPage(bundle, 'privacy', 'en')).toBeUndefined();
    expect(pageLocales(bundle, 'legal', 'privacy')).toEqual(['pt']);
  });

  it('is the fallback build (null) without TENANT_BUNDLE and the tenant with it', () => {
    expect(getBundle()).toBeNull();
    process.env.TENANT_BUNDLE = FIXTURE;
    expect(getBundle()?.domain).toBe('sorte.localhost');
  });

  it('refuses a malformed bundle naming each bad field', () => {
    const path = writeVariant('bad.json', (b) => {
      b.config.colors.primary = 'purple';
      b.origin = 'https://sorte.example/path';
      b.pages[0]!.slug = 'not-a-legal-slug';
    });
    expect(() => loadBundle(path)).toThrow(/config\.colors\.primary: must be a #rrggbb colour/);
    expect(() => loadBundle(path)).toThrow(/origin: must be a scheme and host/);
    expect(() => loadBundle(path)).toThrow(/a legal page slug must be one of/);
  });

  it('refuses cross-field problems and unreadable files', () => {
    const path = writeVariant('regulated.json', (b) => {
      b.config.fakeBets = true;
    });
    expect(() => loadBundle(path)).toThrow(/fakeBets cannot be on for a regulated tenant/);
    expect(() => loadBundle(join(dir, 'missing.json'))).toThrow(/cannot read JSON/);
  });
});
