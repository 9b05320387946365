import { vi } from 'vitest';
import { installTestRuntime } from '../auth-fake-api.ts';

/**
 * A fake platform for the wallet store tests: routes by `METHOD /path`, each
 * answer may be a promise (to hold a request open), every call recorded with
 * its query. The logged-in player comes from local storage, as on the site.
 */
export interface WalletCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Answer = { status?: number; json: unknown };
export type WalletRoute = (call: WalletCall) => Answer | Promise<Answer>;

export const WALLET = { balance: 10_000, balance_withdrawal: 8_000, deposit_count: 1 };
export const PLAYER = { id: 7, name: 'Maria Silva', username: '+5511987654321', email: 'maria@ex.com', language: 'pt', wallet: WALLET };

export function signInPlayer(token = 'tok'): void {
  localStorage.setItem('auth', token);
  localStorage.setItem('user', JSON.stringify(PLAYER));
}

export function fakeWalletApi(routes: Record<string, WalletRoute>): { calls: WalletCall[] } {
  const calls: WalletCall[] = [];
  installTestRuntime();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: WalletCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = route ? await route(call) : { status: 404, json: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { calls };
}

/** A page of `n` rows starting at id `from`. */
export function page<T>(data: T[], currentPage: number, lastPage: number, total = data.length): { json: unknown } {
  return { json: { data, current_page: currentPage, last_page: lastPage, total } };
}

/** A promise with its resolve exposed, to answer a request later. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
