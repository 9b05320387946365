/**
 * The one error type every API call surfaces (spec section 8). Callers and
 * store actions catch `ApiError` only; anything else thrown inside an action is
 * turned into an `unexpected` ApiError by `toApiError`.
 */
export type ApiErrorKind = 'http' | 'network' | 'aborted' | 'unexpected';

/** Field → messages, as the platform sends in the body's `errors` object. */
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status; null when no response arrived. */
  status: number | null;
  /** User-facing messages in the page's language (may be empty for network/aborted). */
  messages: string[];
  /** The response's `errors` object, normalised to string lists; null when absent. */
  errors: FieldErrors | null;
  /** True for statuses that pass silently (403, 490): no user-facing error list entry. */
  silent: boolean;
  /** Parsed response body, for callers needing extra fields (e.g. self-exclusion dates). */
  data?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly messages: string[];
  readonly errors: FieldErrors | null;
  readonly silent: boolean;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.messages[0] ?? `API ${init.kind} error${init.status ? ` ${init.status}` : ''}`, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.messages = init.messages;
    this.errors = init.errors;
    this.silent = init.silent;
    this.data = init.data;
  }
}

/** Statuses that never produce a user-facing message (spec section 8). */
export const SILENT_STATUSES: ReadonlySet<number> = new Set([403, 490]);

/** The `error_messages` and `errors` subtrees of one i18n resource. */
export interface ErrorTexts {
  error_messages: Record<string, string>;
  errors: Record<string, string>;
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    if (value.trim() !== '') out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectStrings(item, out);
  }
}

/**
 * Normalises a body's `errors` object to field → string[]; null when the body
 * has no non-empty `errors` object. Accepts `{field: ['a']}`, `{field: 'a'}`
 * and nested objects.
 */
export function extractFieldErrors(body: unknown): FieldErrors | null {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return null;
  const errors = (body as { errors: unknown }).errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  const result: FieldErrors = {};
  for (const [field, value] of Object.entries(errors)) {
    const messages: string[] = [];
    collectStrings(value, messages);
    if (messages.length > 0) result[field] = messages;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** All messages of an errors object, flattened in field order. */
export function flattenFieldErrors(errors: FieldErrors): string[] {
  return Object.values(errors).flat();
}

/** Message for a status: `error_messages.{status}` in the page language, then en-US, then `errors.generic`. */
export function messageForStatus(status: number, texts: ErrorTexts, fallback?: ErrorTexts): string {
  const key = String(status);
  return (
    texts.error_messages[key] ??
    fallback?.error_messages[key] ??
    texts.errors.generic ??
    fallback?.errors.generic ??
    `HTTP ${status}`
  );
}

/** The body's own non-empty `message` string, or null. */
function bodyMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const message = (body as { message: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * Spec section 8 mapping of an HTTP error response: an `errors` object wins
 * (values flattened into the message list); otherwise the catalogue message
 * for the status — except a 422 that carries only a `message`: the platform's
 * refusal in the player's language is shown (the catalogue's 422 text, "already
 * has an active subscription", says nothing about a refused coupon or claim).
 * 403 and 490 are marked silent.
 */
export function httpError(status: number, body: unknown, texts: ErrorTexts, fallback?: ErrorTexts, cause?: unknown): ApiError {
  const errors = extractFieldErrors(body);
  const own = status === 422 ? bodyMessage(body) : null;
  const messages = errors ? flattenFieldErrors(errors) : [own ?? messageForStatus(status, texts, fallback)];
  return new ApiError({ kind: 'http', status, messages, errors, silent: SILENT_STATUSES.has(status), data: body, cause });
}

/** A request that got no response (offline, DNS, CORS, reset): no message, only counted. */
export function networkError(cause?: unknown): ApiError {
  return new ApiError({ kind: 'network', status: null, messages: [], errors: null, silent: true, cause });
}

/** A request the caller aborted (navigation, unmount): never reported. */
export function abortedError(cause?: unknown): ApiError {
  return new ApiError({ kind: 'aborted', status: null, messages: [], errors: null, silent: true, cause });
}

/** Wraps anything that is not already an ApiError: `errors.unexpected` ("An unexpected error occurred"). */
export function toApiError(error: unknown, texts: ErrorTexts, fallback?: ErrorTexts): ApiError {
  if (error instanceof ApiError) return error;
  const message = texts.errors.unexpected ?? fallback?.errors.unexpected ?? 'An unexpected error occurred';
  return new ApiError({ kind: 'unexpected', status: null, messages: [message], errors: null, silent: false, cause: error });
}
