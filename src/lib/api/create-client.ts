import { createFetch, FetchError } from 'ofetch';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { LANGUAGE_TAGS } from '../locale.ts';
import type { LocalizedErrorTexts } from './error-texts.ts';
import { abortedError, type ApiError, httpError, networkError, toApiError } from './errors.ts';
import { type Credentials, identityHeaders } from './headers.ts';

/**
 * The one typed API client of the site (spec sections 6–8). Each call carries
 * the caller's identity and `lmcp`; each failure becomes exactly one
 * `ApiError`, is reported once (messages, silence or the network counter), and
 * is rethrown to the caller.
 */
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: Record<string, unknown> | unknown[] | FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds before the call is abandoned (then reported as a network error). */
  timeout?: number;
  /**
   * Makes the call safe to repeat (money calls): sent as `Idempotency-Key`,
   * and a network failure or a 503 is retried after each of RETRY_DELAYS_MS
   * with the same key, so the platform does the work at most once. One key
   * per user action (`newIdempotencyKey()`); only the last failure is reported.
   */
  idempotencyKey?: string;
}

/** Waits before each automatic retry of an idempotent call: three retries, backing off. */
export const RETRY_DELAYS_MS: readonly number[] = [300, 1000, 3000];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failure worth repeating with the same key: no answer at all, or the platform briefly unavailable. */
function isRetryable(error: ApiError): boolean {
  return error.kind === 'network' || error.status === 503;
}

export interface ApiClientDeps {
  baseURL: () => string;
  locale: () => Locale;
  credentials: () => Credentials;
  errorTexts: (locale: Locale) => Promise<LocalizedErrorTexts>;
  /** Receives every failure once, before it is thrown (see `reportApiError`). */
  report: (error: ApiError) => void;
  fetch?: typeof globalThis.fetch;
}

export interface ApiClient {
  request<T>(path: string, request?: ApiRequest): Promise<T>;
  get<T>(path: string, query?: Record<string, QueryValue>, request?: Omit<ApiRequest, 'method' | 'query'>): Promise<T>;
  post<T>(path: string, body?: ApiRequest['body'], request?: Omit<ApiRequest, 'method' | 'body'>): Promise<T>;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && cause.name === 'AbortError' && !/timeout/i.test(cause.message);
}

function cleanQuery(query: Record<string, QueryValue> | undefined): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) out[key] = value;
  return out;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const $fetch = createFetch({
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });

  async function classify(error: unknown, signal: AbortSignal | undefined): Promise<ApiError> {
    if (isAbort(error, signal)) return abortedError(error);
    if (error instanceof FetchError && !error.response) return networkError(error);
    const { texts, fallback } = await deps.errorTexts(deps.locale());
    if (error instanceof FetchError && error.response) {
      return httpError(error.response.status, error.data, texts, fallback, error);
    }
    return toApiError(error, texts, fallback);
  }

  async function attempt<T>(path: string, req: ApiRequest): Promise<T> {
    const locale = deps.locale();
    try {
      return await $fetch<T>(path, {
        baseURL: deps.baseURL(),
        method: req.method ?? 'GET',
        query: cleanQuery(req.query),
        body: req.body,
        headers: {
          Accept: 'application/json',
          'Accept-Language': LANGUAGE_TAGS[locale],
          ...identityHeaders(deps.credentials()),
          ...(req.idempotencyKey === undefined ? {} : { 'Idempotency-Key': req.idempotencyKey }),
          ...req.headers,
        },
        signal: req.signal,
        timeout: req.timeout,
        retry: 0,
      });
    } catch (error) {
      // The message catalogue itself failed to load (offline chunk): count it as a network failure.
      throw await classify(error, req.signal).catch((textsFailure: unknown) => networkError(textsFailure));
    }
  }

  async function request<T>(path: string, req: ApiRequest = {}): Promise<T> {
    const delays = req.idempotencyKey === undefined ? [] : RETRY_DELAYS_MS;
    for (let retry = 0; ; retry++) {
      try {
        return await attempt<T>(path, req);
      } catch (error) {
        const apiError = error as ApiError;
        const delay = delays[retry];
        if (delay !== undefined && isRetryable(apiError) && !req.signal?.aborted) {
          await wait(delay);
          continue;
        }
        deps.report(apiError);
        throw apiError;
      }
    }
  }

  return {
    request,
    get: (path, query, options) => request(path, { ...options, method: 'GET', query }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
  };
}
