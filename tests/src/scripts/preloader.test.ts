// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

function mount(status: 'active' | 'maintenance' | 'unknown', built: string): void {
  const runtime = {
    domain: 'casa.localhost',
    locale: 'pt',
    apiUrl: '/api',
    realtime: { key: 'k', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' },
    status,
    platformInfoUrl: 'https://example.org',
  };
  document.head.innerHTML = `<script type="application/json" id="tenant-runtime">${JSON.stringify(runtime)}</script>`;
  document.body.innerHTML = `<div id="preloader" data-state="${built}"></div><div id="app-root"></div>`;
}

const load = () => import('../../../src/scripts/preloader.ts');
const preloader = () => document.getElementById('preloader')!;
const appRoot = () => document.getElementById('app-root')!;

function answering(status: number, body: unknown = {}) {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, urls };
}

beforeEach(() => {
  vi.resetModules();
});

describe('preloader runtime check', () => {
  it('asks {apiUrl}/site-config for this host with a cache-busting t', async () => {
    mount('active', 'hidden');
    const { checkSite } = await load();
    const { fetchImpl, urls } = answering(200);
    const before = Date.now();
    await checkSite(fetchImpl);
    const url = new URL(urls[0]!, 'http://x');
    expect(url.pathname).toBe('/api/site-config');
    expect(url.searchParams.get('domain')).toBe(location.hostname);
    expect(Number(url.searchParams.get('t'))).toBeGreaterThanOrEqual(before);
  });

  it('402 → maintenance, and the page behind becomes inert', async () => {
    mount('active', 'hidden');
    const { checkSite, applyPreloaderState } = await load();
    await checkSite(answering(402).fetchImpl);
    applyPreloaderState();
    expect(preloader().dataset.state).toBe('maintenance');
    expect(appRoot().inert).toBe(true);
  });

  it('404 → platform not found', async () => {
    mount('active', 'hidden');
    const { checkSite, applyPreloaderState } = await load();
    await checkSite(answering(404).fetchImpl);
    applyPreloaderState();
    expect(preloader().dataset.state).toBe('not-found');
    expect(appRoot().inert).toBe(true);
  });

  it('200 → hidden, releasing a page built during maintenance; adopts api_url', async () => {
    mount('maintenance', 'maintenance');
    const { checkSite, applyPreloaderState } = await load();
    applyPreloaderState();
    expect(appRoot().inert).toBe(true);
    await checkSite(answering(200, { api_url: 'https://api.casa.example' }).fetchImpl);
    applyPreloaderState();
    expect(preloader().dataset.state).toBe('hidden');
    expect(appRoot().inert).toBe(false);
    const { apiBaseUrl } = await import('../../../src/lib/api/base-url.ts');
    expect(apiBaseUrl()).toBe('https://api.casa.example');
  });

  it('a network failure means the platform does not exist (when online)', async () => {
    mount('active', 'hidden');
    const { checkSite } = await load();
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await checkSite(failing)).toBe('not-found');
  });

  it('re-applies the outcome to a page swapped in by a navigation', async () => {
    mount('active', 'hidden');
    const { checkSite, applyPreloaderState } = await load();
    await checkSite(answering(402).fetchImpl);
    mount('active', 'hidden');
    applyPreloaderState();
    expect(preloader().dataset.state).toBe('maintenance');
  });
});
