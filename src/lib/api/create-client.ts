import type { Locale } from '../../contract/tenant-bundle.ts';
import { LANGUAGE_TAGS } from '../locale.ts';
import type { LocalizedErrorTexts } from './error-texts.ts';
import { abortedError, type ApiError, httpError, networkError } from './errors.ts';
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

/** A failed HTTP answer, carrying its parsed body for the error mapping. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

function cleanQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `base` + `path` with exactly one slash between them; an absolute `path` is taken as is. */
function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The answer's body: JSON when it says so (or says nothing), the text otherwise; undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.status === 304) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type !== '' && !/json/i.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Plain `fetch`, no HTTP library: the client is on the first load of the home
 * and game pages (featured and related games), so its size is paid by every
 * visitor (issue 14).
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function classify(error: unknown, signal: AbortSignal | undefined): Promise<ApiError> {
    if (signal?.aborted) return abortedError(error);
    // No answer: offline, refused, or the call's own timeout.
    if (!(error instanceof HttpFailure)) return networkError(error);
    const { texts, fallback } = await deps.errorTexts(deps.locale());
    return httpError(error.status, error.data, texts, fallback, error);
  }

  async function attempt<T>(path: string, req: ApiRequest): Promise<T> {
    const locale = deps.locale();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': LANGUAGE_TAGS[locale],
      ...identityHeaders(deps.credentials()),
      ...(req.idempotencyKey === undefined ? {} : { 'Idempotency-Key': req.idempotencyKey }),
    };
    let body: BodyInit | undefined;
    if (req.body instanceof FormData) body = req.body;
    else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      if (!Object.keys(req.headers ?? {}).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    }
    Object.assign(headers, req.headers);
    const timeout = req.timeout === undefined ? undefined : AbortSignal.timeout(req.timeout);
    const signal = timeout && req.signal ? AbortSignal.any([req.signal, timeout]) : (timeout ?? req.signal);
    try {
      const response = await fetchImpl(joinUrl(deps.baseURL(), path) + cleanQuery(req.query), {
        method: req.method ?? 'GET',
        headers,
        body,
        signal,
      });
      const data = await readBody(response);
      if (response.status >= 400) throw new HttpFailure(response.status, data);
      return data as T;
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
