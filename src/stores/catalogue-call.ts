import { apiBaseUrl } from '../lib/api/base-url.ts';
import { type PlainCall, plainCall } from '../lib/api/plain-call.ts';
import { currentLocale } from '../lib/locale.ts';
import { apiCredentials } from './api-credentials.ts';

/**
 * A public catalogue read made before any interaction (featured games on the
 * home page, related games on a game page): a bare `fetch` with the client's
 * address, identity and language (`lib/api/plain-call.ts`), so the API client
 * stays off those pages' first load (issue 14). When it gets no usable
 * answer, the same call is made once more through the API client, which maps
 * and reports the failure as every call does (spec section 8) and throws the
 * `ApiError`; the client loads only then.
 */
export async function catalogueCall<T>(path: string, call: PlainCall = {}): Promise<T> {
  try {
    return await plainCall<T>(path, call, { baseUrl: apiBaseUrl(), locale: currentLocale(), credentials: apiCredentials() });
  } catch {
    const { api } = await import('./api.ts');
    return api.request<T>(path, { method: call.method ?? 'GET', query: call.query, body: call.body });
  }
}
