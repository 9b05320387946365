// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The wired client: base address from #tenant-runtime (or the site-config
 * `api_url`), identity from the session store, lmcp captured from the URL.
 */
const runtime = {
  domain: 'casa.localhost',
  locale: 'pt',
  apiUrl: 'https://api.casa.example',
  realtime: { key: 'k', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' },
  status: 'active',
  platformInfoUrl: 'https://example.org',
};

let requests: Request[] = [];

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  requests = [];
  document.head.innerHTML = `<script type="application/json" id="tenant-runtime">${JSON.stringify(runtime)}</script>`;
  document.documentElement.dataset.locale = 'pt';
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('wired API client', () => {
  it('sends the stored guest id and the lmcp captured from the query string', async () => {
    const { captureMarketingParams } = await import('../../../src/stores/marketing.ts');
    captureMarketingParams('?lmcp=summer24&ref=AMIGO');
    const { api } = await import('../../../src/stores/api.ts');
    await api.get('/categories');
    const [request] = requests;
    expect(request!.url).toBe('https://api.casa.example/categories');
    expect(request!.headers.get('Guest-ID')).toBe(localStorage.getItem('guest_id'));
    expect(request!.headers.get('Guest-ID')).toMatch(/^guest-[0-9a-f]{32}$/);
    expect(request!.headers.get('lmcp')).toBe('summer24');
  });

  it('switches to the bearer token after sign-in and back to the guest id after sign-out', async () => {
    const { signIn, signOut } = await import('../../../src/stores/session.ts');
    const { api } = await import('../../../src/stores/api.ts');
    signIn('tok-123', { id: 5, name: 'Bia' });
    await api.get('/auth/me');
    signOut();
    await api.get('/auth/me');
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(requests[0]!.headers.get('Guest-ID')).toBeNull();
    expect(requests[1]!.headers.get('Authorization')).toBeNull();
    expect(requests[1]!.headers.get('Guest-ID')).toMatch(/^guest-/);
  });

  it('follows the api_url announced by the startup site-config call', async () => {
    const { setApiBaseUrl } = await import('../../../src/lib/api/base-url.ts');
    const { api } = await import('../../../src/stores/api.ts');
    setApiBaseUrl('https://edge.casa.example/api');
    await api.get('/settings/banners');
    expect(requests[0]!.url).toBe('https://edge.casa.example/api/settings/banners');
  });

  it('rethrowAsApiError turns a programming error into the localised unexpected error', async () => {
    const { rethrowAsApiError, ApiError } = await import('../../../src/stores/api.ts');
    const ptBR = (await import('../../../src/i18n/pt-BR.json')).default;
    const error = await rethrowAsApiError(new TypeError('x is undefined')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).messages).toEqual([ptBR.errors.unexpected]);
  });
});
