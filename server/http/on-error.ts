import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';
import { DomainError, type FieldErrors } from './errors.ts';
import { type MessageLocale, messageLocale, statusMessage, VALIDATION_MESSAGE } from './messages.ts';
import { isMessageKey, translate } from './translate.ts';

/** Body of every error answer (specification section 8). */
export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
  [extra: string]: unknown;
}

/**
 * Turns valibot issues into the `errors` object: dotted field path → messages.
 * Issues without a path (the body itself is wrong) go under `body`.
 */
export function fieldErrorsFromIssues(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Field messages that are i18n keys (the shared validation schemas give keys)
 * become text in the caller's language; `{{field}}` is the field's name.
 */
export function translateFieldErrors(errors: FieldErrors, locale: MessageLocale): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    out[field] = messages.map((m) => (isMessageKey(m) ? translate(locale, m, { field }) : m));
  }
  return out;
}

function errorJson(c: Context, status: ContentfulStatusCode, body: ErrorBody): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
}

/** The one place errors become responses. Unknown errors are logged and answered as 500. */
export function createErrorHandler(log: Logger): ErrorHandler {
  return (err, c) => {
    const locale = messageLocale(c.req.header('accept-language'));
    if (err instanceof DomainError) {
      const message = err.localized?.[locale] ?? (err.errors ? VALIDATION_MESSAGE[locale] : statusMessage(err.status, locale));
      return errorJson(c, err.status, { ...err.details, message, ...(err.errors ? { errors: translateFieldErrors(err.errors, locale) } : {}) });
    }
    if (err instanceof v.ValiError) {
      return errorJson(c, 422, { message: VALIDATION_MESSAGE[locale], errors: translateFieldErrors(fieldErrorsFromIssues(err.issues), locale) });
    }
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      if (status >= 500) log.error(`HTTP ${status} on ${c.req.method} ${c.req.path}`, err);
      return errorJson(c, status, { message: statusMessage(status, locale) });
    }
    if (isDatabaseUnavailable(err)) {
      // The pool reconnects by itself: ask the caller to come back shortly instead of failing with 500.
      log.warn(`Database unavailable on ${c.req.method} ${c.req.path}: ${describeCause(err)}`);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return errorJson(c, 503, { message: statusMessage(503, locale) });
    }
    log.error(`Unhandled error on ${c.req.method} ${c.req.path}`, err);
    return errorJson(c, 500, { message: statusMessage(500, locale) });
  };
}

/** The innermost message of an error chain (the driver's, under Drizzle's "Failed query"). */
function describeCause(err: Error): string {
  let inner: unknown = err;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const code = (inner as { code?: unknown }).code;
  return `${typeof code === 'string' ? `${code} ` : ''}${inner instanceof Error ? inner.message : String(inner)}`;
}

/** JSON 404 for routes nobody handles. */
export const notFoundHandler: NotFoundHandler = (c) =>
  errorJson(c, 404, { message: statusMessage(404, messageLocale(c.req.header('accept-language'))) });
