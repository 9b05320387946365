import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A fake platform for store tests: the page's `#tenant-runtime`, and a
 * `fetch` stub answering `METHOD /path` routes, recording every call.
 */
export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export type Route = (body: unknown, call: Call) => { status?: number; json: unknown };

/** The page's `#tenant-runtime` of the demo tenant in Portuguese, API at https://api.test/api. */
export function installTestRuntime(): void {
  document.head.innerHTML = `<script type="application/json" id="tenant-runtime">${JSON.stringify({
    domain: 'localhost',
    locale: 'pt',
    apiUrl: 'https://api.test/api',
    realtime: { key: 'k', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' },
    status: 'active',
    platformInfoUrl: 'https://example.org',
  })}</script>`;
  document.documentElement.dataset.locale = 'pt';
}

export function fakeApi(routes: Record<string, Route>): { calls: Call[] } {
  const calls: Call[] = [];
  installTestRuntime();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // multipart or plain text: kept as text
    }
    const call = { method: request.method, path, body, headers: request.headers };
    calls.push(call);
    const route = routes[`${request.method} ${path}`];
    const answer = route ? route(body, call) : { status: 404, json: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { calls };
}

export const USER = { id: 7, name: 'Maria Silva', username: '+5511987654321', email: 'maria@ex.com', language: 'pt' };

/** Every test of the file starts on fresh modules with USER signed in (token `tok`, an empty wallet); stubbed globals are undone after it. */
export function signedInForEachTest(): void {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 } }));
  });
  afterEach(() => vi.unstubAllGlobals());
}
