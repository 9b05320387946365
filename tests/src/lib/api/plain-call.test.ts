import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/lib/api/create-client.ts';
import { loadErrorTexts } from '../../../../src/lib/api/error-texts.ts';
import type { Credentials } from '../../../../src/lib/api/headers.ts';
import { plainCall, PlainCallError, plainCallUrl } from '../../../../src/lib/api/plain-call.ts';

/**
 * The bare catalogue call (issue 14) must reach the platform exactly as the
 * API client does: same address, method, body and the headers that identify
 * the caller and its language.
 */
interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

function recorder(answer: () => Response = () => Response.json({ ok: true })) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, method: request.method, headers: Object.fromEntries(request.headers), body: await request.text() });
    return answer();
  };
  return { seen, fetch };
}

const GUEST: Credentials = { token: null, guestId: 'guest-00112233445566778899aabbccddeeff', lmcp: 'camp-1' };
const PLAYER: Credentials = { token: 'tok-9', guestId: 'guest-00112233445566778899aabbccddeeff', lmcp: null };
const BASE = 'https://api.casa.example/api/';

describe('plainCall', () => {
  it.each([
    ['a guest GET with a query', GUEST, 'pt', { method: 'GET' as const, query: { page: 2 } }, '/featured/home-games'],
    ['a player POST with a JSON body', PLAYER, 'en', { method: 'POST' as const, body: { game_id: 'dice', provider_code: 'house' } }, 'games/getRelated'],
  ] as const)('sends %s as the API client does', async (_name, credentials, locale, call, path) => {
    const plain = recorder();
    await plainCall(path, call, { baseUrl: BASE, locale, credentials, fetch: plain.fetch });
    const client = recorder();
    const api = createApiClient({ baseURL: () => BASE, locale: () => locale, credentials: () => credentials, errorTexts: loadErrorTexts, report: () => undefined, fetch: client.fetch });
    await api.request(path, call);
    expect(plain.seen).toHaveLength(1);
    expect(plain.seen[0]).toEqual(client.seen[0]);
  });

  it('joins the address with one slash and leaves out an empty query', () => {
    expect(plainCallUrl('/api/', '/games/getRelated')).toBe('/api/games/getRelated');
    expect(plainCallUrl('https://a.example/api', 'featured/home-games', { page: 1 })).toBe('https://a.example/api/featured/home-games?page=1');
  });

  it('throws a PlainCallError for an HTTP failure, no answer, or a body that is not JSON', async () => {
    const failing = recorder(() => Response.json({ message: 'x' }, { status: 503 }));
    await expect(plainCall('/x', {}, { baseUrl: BASE, locale: 'pt', credentials: GUEST, fetch: failing.fetch })).rejects.toMatchObject({ name: 'PlainCallError', status: 503 });
    const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(plainCall('/x', {}, { baseUrl: BASE, locale: 'pt', credentials: GUEST, fetch: offline })).rejects.toBeInstanceOf(PlainCallError);
    const text = recorder(() => new Response('<html>', { status: 200 }));
    await expect(plainCall('/x', {}, { baseUrl: BASE, locale: 'pt', credentials: GUEST, fetch: text.fetch })).rejects.toMatchObject({ status: 200 });
  });
});
