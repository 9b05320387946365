import type { Locale } from '../../contract/tenant-bundle.ts';
import { LANGUAGE_TAGS } from '../locale.ts';
import { type Credentials, identityHeaders } from './headers.ts';

/**
 * One platform call with a bare `fetch`, for the public catalogue reads a page
 * makes before any interaction (the home's featured games, a game page's
 * related games): the same address, identity and language headers as the API
 * client (`create-client.ts`) sends, without the client itself (ofetch, the
 * error mapping, the message catalogues), which would add ~3 KB and several
 * requests to those pages' first load (issue 14). It maps no error: a caller
 * that gets one repeats the call through the API client, which reports it
 * (`stores/catalogue-call.ts`).
 */
export interface PlainCall {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  /** Sent as JSON. */
  body?: Record<string, unknown>;
}

export interface PlainCallContext {
  baseUrl: string;
  locale: Locale;
  credentials: Credentials;
  fetch?: typeof globalThis.fetch;
}

/** A call that got no usable answer: no response, a status of 400 or more, or a body that is not JSON. */
export class PlainCallError extends Error {
  /** The answer's status; null when none arrived. */
  readonly status: number | null;
  constructor(status: number | null, options?: { cause?: unknown }) {
    super(status === null ? 'No answer' : `HTTP ${status}`, options);
    this.name = 'PlainCallError';
    this.status = status;
  }
}

/** `base` + `path` with exactly one slash between them, then the query (as the client joins them). */
export function plainCallUrl(base: string, path: string, query?: Record<string, string | number>): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) params.append(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** @throws PlainCallError when no JSON answer with a status below 400 arrives. */
export async function plainCall<T>(path: string, call: PlainCall, context: PlainCallContext): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': LANGUAGE_TAGS[context.locale],
    ...identityHeaders(context.credentials),
  };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const fetchImpl = context.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await fetchImpl(plainCallUrl(context.baseUrl, path, call.query), {
      method: call.method ?? 'GET',
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  } catch (error) {
    throw new PlainCallError(null, { cause: error });
  }
  if (response.status >= 400) throw new PlainCallError(response.status);
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new PlainCallError(response.status, { cause: error });
  }
}
