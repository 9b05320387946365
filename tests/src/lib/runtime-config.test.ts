// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEndpoint, parseRuntimeConfig, readRuntimeConfig, RuntimeConfigError } from '../../../src/lib/runtime-config.ts';

const valid = {
  domain: 'sorte.localhost',
  locale: 'en',
  apiUrl: '/api',
  realtime: { key: 'app-key', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' },
  casinoId: 7,
  status: 'active',
  platformInfoUrl: 'https://example.org/info',
};

function mount(text: string): void {
  document.head.innerHTML = `<script type="application/json" id="tenant-runtime">${text}</script>`;
}

beforeEach(() => {
  document.head.innerHTML = '';
});

describe('runtime config', () => {
  it('reads and validates #tenant-runtime', () => {
    mount(JSON.stringify(valid));
    expect(readRuntimeConfig()).toEqual(valid);
  });

  it('reads the casino id that names the public channels, 0 when absent or invalid', () => {
    const { casinoId: _omitted, ...withoutId } = valid;
    expect(parseRuntimeConfig(withoutId).casinoId).toBe(0);
    expect(parseRuntimeConfig({ ...valid, casinoId: -3 }).casinoId).toBe(0);
    expect(parseRuntimeConfig({ ...valid, casinoId: '7' }).casinoId).toBe(0);
  });

  it('names the invalid field', () => {
    expect(() => parseRuntimeConfig({ ...valid, locale: 'fr' })).toThrow(expect.objectContaining({ field: 'locale' }));
    expect(() => parseRuntimeConfig({ ...valid, realtime: { ...valid.realtime, port: '6001' } })).toThrow(
      expect.objectContaining({ field: 'realtime.port' }),
    );
    expect(() => parseRuntimeConfig({ ...valid, apiUrl: '' })).toThrow(expect.objectContaining({ field: 'apiUrl' }));
    expect(() => parseRuntimeConfig({ ...valid, status: 'paused' })).toThrow(RuntimeConfigError);
  });

  it('throws RuntimeConfigError for a missing element or broken JSON', () => {
    expect(() => readRuntimeConfig()).toThrow(RuntimeConfigError);
    mount('{oops');
    expect(() => readRuntimeConfig()).toThrow(/not valid JSON/);
  });

  it('re-reads after a navigation swapped in a different runtime element', () => {
    mount(JSON.stringify(valid));
    expect(readRuntimeConfig().locale).toBe('en');
    mount(JSON.stringify({ ...valid, locale: 'pt' }));
    expect(readRuntimeConfig().locale).toBe('pt');
  });

  it('joins API base and path with exactly one slash', () => {
    expect(apiEndpoint('/api/', '/site-config')).toBe('/api/site-config');
    expect(apiEndpoint('https://api.example.org', 'site-config')).toBe('https://api.example.org/site-config');
  });
});
