import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { parseRuntimeConfig } from '../../../src/lib/runtime-config.ts';
import { initialPreloaderState, jsonForScript, tenantRuntime } from '../../../src/tenant/runtime.ts';

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url), 'utf8'),
) as TenantBundle;

describe('tenant runtime JSON', () => {
  it('starts the preloader hidden, in maintenance, or not-found (fallback build)', () => {
    expect(initialPreloaderState(fixture)).toBe('hidden');
    expect(initialPreloaderState({ ...fixture, status: 'maintenance' })).toBe('maintenance');
    expect(initialPreloaderState(null)).toBe('not-found');
  });

  it('produces what the boot script accepts, for a tenant and for the fallback build', () => {
    const tenant = parseRuntimeConfig(JSON.parse(jsonForScript(tenantRuntime(fixture, 'en', 'https://info.example'))));
    expect(tenant).toMatchObject({ domain: 'sorte.localhost', locale: 'en', apiUrl: '/api', status: 'active' });
    const fallback = parseRuntimeConfig(JSON.parse(jsonForScript(tenantRuntime(null, 'pt', 'https://info.example'))));
    expect(fallback).toMatchObject({ domain: '', status: 'unknown', platformInfoUrl: 'https://info.example' });
  });

  it('cannot be broken out of its <script> element', () => {
    const json = jsonForScript({ title: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script> & \u2028' });
  });
});
