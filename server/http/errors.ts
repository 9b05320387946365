import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { LocalizedText } from './messages.ts';

/** Field path (dotted, e.g. `colors.primary`) → messages, the section 8 `errors` object. */
export type FieldErrors = Record<string, string[]>;

export interface DomainErrorOptions {
  /** Overrides the catalogue message for the status. */
  message?: string | LocalizedText;
  /** Extra top-level fields of the error body (e.g. `selfExcluded`, `start_at`). */
  details?: Record<string, unknown>;
}

/**
 * The one error type services throw. `code` is a stable machine name,
 * `status` the HTTP status it maps to; the single `onError` handler turns it
 * into `{ message, errors?, ...details }` (specification section 8).
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: ContentfulStatusCode;
  readonly errors: FieldErrors | undefined;
  readonly localized: LocalizedText | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, status: ContentfulStatusCode, errors?: FieldErrors, options: DomainErrorOptions = {}) {
    const message = options.message;
    super(typeof message === 'string' ? message : (message?.en ?? code));
    this.name = 'DomainError';
    this.code = code;
    this.status = status;
    this.errors = errors;
    this.localized = typeof message === 'string' ? { pt: message, en: message } : message;
    this.details = options.details;
  }
}

/** 422: the input broke validation rules; `errors` names each field. */
export class ValidationError extends DomainError {
  constructor(errors: FieldErrors, code = 'validation_failed') {
    super(code, 422, errors);
    this.name = 'ValidationError';
  }
}

/** 404: the thing asked for does not exist (or belongs to another tenant). */
export class NotFoundError extends DomainError {
  constructor(code = 'not_found', options?: DomainErrorOptions) {
    super(code, 404, undefined, options);
    this.name = 'NotFoundError';
  }
}

/** 401: no valid credential for a call that needs one. */
export class UnauthorizedError extends DomainError {
  constructor(code = 'unauthenticated', options?: DomainErrorOptions) {
    super(code, 401, undefined, options);
    this.name = 'UnauthorizedError';
  }
}

/** 403: the caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  constructor(code = 'forbidden', options?: DomainErrorOptions) {
    super(code, 403, undefined, options);
    this.name = 'ForbiddenError';
  }
}

/** 400: the request itself is unreadable (e.g. malformed JSON). */
export class BadRequestError extends DomainError {
  constructor(code = 'bad_request', options?: DomainErrorOptions) {
    super(code, 400, undefined, options);
    this.name = 'BadRequestError';
  }
}
