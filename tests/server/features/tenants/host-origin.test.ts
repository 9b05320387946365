import { describe, expect, it } from 'vitest';
import { getConfig } from '../../../../server/config.ts';
import { domainFromOrigin, normalizeDomain } from '../../../../server/features/tenants/host.ts';
import { applyMergePatch } from '../../../../server/features/tenants/merge-patch.ts';
import { realtimeClientConfig, tenantOrigin } from '../../../../server/features/tenants/origin.ts';

describe('host names', () => {
  it.each([
    ['Sorte.LocalHost:4321', 'sorte.localhost'],
    ['casino.example.', 'casino.example'],
    ['[::1]:4321', '::1'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['bad host', null],
    ['', null],
    ['-x.example', null],
  ])('normalizeDomain(%s) = %s', (raw, expected) => {
    expect(normalizeDomain(raw)).toBe(expected);
  });

  it('reads the host of an Origin header', () => {
    expect(domainFromOrigin('https://sorte.example:8443')).toBe('sorte.example');
    expect(domainFromOrigin('null')).toBeNull();
    expect(domainFromOrigin('not a url')).toBeNull();
  });
});

describe('public origin and realtime client settings', () => {
  it('uses http with the server port for local domains and https without a port otherwise', () => {
    const config = getConfig({ PORT: '4321' });
    expect(tenantOrigin(config, 'localhost')).toBe('http://localhost:4321');
    expect(tenantOrigin(config, 'sorte.localhost')).toBe('http://sorte.localhost:4321');
    expect(tenantOrigin(config, 'casino.example')).toBe('https://casino.example');
    expect(realtimeClientConfig(config, 'localhost').forceTLS).toBe(false);
    expect(realtimeClientConfig(config, 'casino.example').forceTLS).toBe(true);
  });

  it('follows SITE_ORIGIN_* and REALTIME_* overrides', () => {
    const config = getConfig({ SITE_ORIGIN_SCHEME: 'https', SITE_ORIGIN_PORT: '443', REALTIME_FORCE_TLS: 'false', REALTIME_PUBLIC_HOST: 'ws.example', REALTIME_PUBLIC_PORT: '443' });
    expect(tenantOrigin(config, 'localhost')).toBe('https://localhost');
    expect(realtimeClientConfig(config, 'casino.example')).toEqual({ key: 'app-key', host: 'ws.example', port: 443, forceTLS: false, authEndpoint: '/broadcasting/auth' });
  });
});

describe('applyMergePatch (RFC 7396)', () => {
  it('merges objects, replaces arrays and scalars, deletes on null, never mutates', () => {
    const target = { a: 1, nested: { x: 1, y: 2 }, list: [1, 2], gone: true };
    const result = applyMergePatch(target, { nested: { y: 3 }, list: [9], gone: null, added: 'z' });
    expect(result).toEqual({ a: 1, nested: { x: 1, y: 3 }, list: [9], added: 'z' });
    expect(target).toEqual({ a: 1, nested: { x: 1, y: 2 }, list: [1, 2], gone: true });
  });
});
