import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../../../src/contract/tenant-bundle.ts';
import { type ApiClientDeps, createApiClient } from '../../../../src/lib/api/create-client.ts';
import { loadErrorTexts } from '../../../../src/lib/api/error-texts.ts';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import type { Credentials } from '../../../../src/lib/api/headers.ts';
import { $apiErrorMessages, $networkErrorCount, dismissApiErrors, reportApiError } from '../../../../src/stores/api-errors.ts';
import ptBR from '../../../../src/i18n/pt-BR.json';
import enUS from '../../../../src/i18n/en-US.json';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(respond: (seen: Seen) => Response | Promise<Response>, options: { locale?: Locale; credentials?: Credentials } = {}) {
  const seen: Seen[] = [];
  const deps: ApiClientDeps = {
    baseURL: () => 'https://api.casa.example/v1',
    locale: () => options.locale ?? 'pt',
    credentials: () => options.credentials ?? { token: null, guestId: 'guest-00112233445566778899aabbccddeeff', lmcp: null },
    errorTexts: loadErrorTexts,
    report: reportApiError,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const entry: Seen = {
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: request.method === 'GET' ? undefined : await request.clone().json().catch(() => undefined),
      };
      seen.push(entry);
      return respond(entry);
    },
  };
  return { api: createApiClient(deps), seen };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  dismissApiErrors();
  $networkErrorCount.set(0);
});

describe('API client headers', () => {
  it('identifies a guest with Guest-ID, adds lmcp when stored, and never sends Authorization', async () => {
    const { api, seen } = setup(() => json(200, { ok: true }), {
      credentials: { token: null, guestId: 'guest-abcabcabcabcabcabc', lmcp: 'camp42' },
    });
    await expect(api.get('/categories', { page: 2, empty: undefined })).resolves.toEqual({ ok: true });
    expect(seen[0]!.url).toBe('https://api.casa.example/v1/categories?page=2');
    expect(seen[0]!.headers.get('Guest-ID')).toBe('guest-abcabcabcabcabcabc');
    expect(seen[0]!.headers.get('lmcp')).toBe('camp42');
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
    expect(seen[0]!.headers.get('Accept-Language')).toBe('pt-BR');
  });

  it('identifies a player with a bearer token only, and sends JSON bodies', async () => {
    const { api, seen } = setup(() => json(200, { data: { id: 1 } }), {
      credentials: { token: 'tok-9', guestId: 'guest-abcabcabcabcabcabc', lmcp: null },
    });
    await api.post('/auth/update', { name: 'Ana' });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-9');
    expect(seen[0]!.headers.get('Guest-ID')).toBeNull();
    expect(seen[0]!.headers.get('lmcp')).toBeNull();
    expect(seen[0]!.body).toEqual({ name: 'Ana' });
  });

  it('does not retry a failed call', async () => {
    const { api, seen } = setup(() => json(503, {}));
    await failure(api.get('/settings/banners'));
    expect(seen).toHaveLength(1);
  });
});

describe('API client error mapping (spec section 8)', () => {
  it('flattens the values of an errors object into the error list', async () => {
    const { api } = setup(() =>
      json(422, { message: 'The given data was invalid.', errors: { phone: ['Telefone inválido'], email: ['E-mail já usado', 'E-mail longo'] } }),
    );
    const error = await failure(api.post('/auth/register', {}));
    expect(error.status).toBe(422);
    expect(error.messages).toEqual(['Telefone inválido', 'E-mail já usado', 'E-mail longo']);
    expect(error.errors).toEqual({ phone: ['Telefone inválido'], email: ['E-mail já usado', 'E-mail longo'] });
    expect($apiErrorMessages.get()).toEqual(['Telefone inválido', 'E-mail já usado', 'E-mail longo']);
  });

  it('uses error_messages.{status} of the page language when there is no errors object', async () => {
    const pt = setup(() => json(500, { message: 'Server Error' }));
    const error = await failure(pt.api.get('/profile'));
    expect(error.messages).toEqual([ptBR.error_messages['500']]);
    expect($apiErrorMessages.get()).toEqual([ptBR.error_messages['500']]);

    const en = setup(() => json(429, {}), { locale: 'en' });
    expect((await failure(en.api.get('/profile'))).messages).toEqual([enUS.error_messages['429']]);
  });

  it('falls back to errors.generic for a status outside the catalogue', async () => {
    const { api } = setup(() => new Response('teapot', { status: 418 }));
    expect((await failure(api.get('/x'))).messages).toEqual([ptBR.errors.generic]);
  });

  it.each([403, 490])('lets %i pass silently: thrown to the caller, no user-facing entry', async (status) => {
    const { api } = setup(() => json(status, { errors: { auth: ['Proibido'] } }));
    const error = await failure(api.get('/auth/me'));
    expect(error.status).toBe(status);
    expect(error.silent).toBe(true);
    expect($apiErrorMessages.get()).toEqual([]);
    expect($networkErrorCount.get()).toBe(0);
  });

  it('only increments the network error counter when no response arrives', async () => {
    const { api } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await failure(api.get('/wallet/transactions'));
    expect(error.kind).toBe('network');
    expect(error.status).toBeNull();
    expect($networkErrorCount.get()).toBe(1);
    expect($apiErrorMessages.get()).toEqual([]);
    await failure(api.get('/wallet/transactions'));
    expect($networkErrorCount.get()).toBe(2);
  });

  it('reports nothing for a call the caller aborted', async () => {
    const controller = new AbortController();
    const { api } = setup(
      ({ url }) =>
        new Promise<Response>((_, reject) => {
          controller.signal.addEventListener('abort', () => reject(new DOMException('aborted ' + url, 'AbortError')));
        }),
    );
    const pending = failure(api.get('/slow', undefined, { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('aborted');
    expect($networkErrorCount.get()).toBe(0);
    expect($apiErrorMessages.get()).toEqual([]);
  });
});
