import type { MiddlewareHandler } from 'hono';
import { VALIDATION_KEYS } from '../../src/contract/validation/keys.ts';
import { DomainError, type FieldErrors } from './errors.ts';
import type { LocalizedText } from './messages.ts';

/*
 * Control characters never belong in what a caller types or a program sends
 * as text, and PostgreSQL refuses NUL in `text` outright (an unhandled 500
 * before this check), as it refuses a lone UTF-16 surrogate (`"\ud800"`) in
 * `jsonb`. They are refused where input enters: the request line and headers
 * here, JSON bodies in ./body.ts.
 */

/* eslint-disable no-control-regex -- matching control characters is the point of these two patterns */
/** C0 controls and DEL except tab, line feed and carriage return: refused inside body text. */
const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control and DEL: refused in the path, the query and header values (one-line fields). */
const LINE_CONTROL = /[\u0000-\u001F\u007F]/;
/* eslint-enable no-control-regex */
/** Half of a surrogate pair without its other half: not Unicode text, JSON may still carry it escaped. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARS_MESSAGE: LocalizedText = {
  pt: 'A requisição contém caracteres de controle não permitidos.',
  en: 'The request contains control characters that are not allowed.',
};

/** Whether `text` holds a control character other than tab, line feed or carriage return, or a lone surrogate. */
export function hasControlChars(text: string): boolean {
  return TEXT_CONTROL.test(text) || LONE_SURROGATE.test(text);
}

/**
 * The dotted path (`a.b.0`, `body` for the value itself) of the first string
 * or object key in a parsed JSON value holding a control character (or a
 * lone surrogate), or null.
 * A key's own path names the key. Iterative, so deep nesting cannot overflow.
 */
export function findControlChars(value: unknown, root = 'body'): string | null {
  const stack: Array<{ value: unknown; path: string | null }> = [{ value, path: null }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (hasControlChars(node)) return path ?? root;
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push({ value: item, path: path === null ? String(i) : `${path}.${i}` }));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const itemPath = path === null ? key : `${path}.${key}`;
        if (hasControlChars(key)) return itemPath;
        stack.push({ value: item, path: itemPath });
      }
    }
  }
  return null;
}

/**
 * 422 (a body field: the usual validation message) or 400 (the path, query
 * or a header: a message saying why), naming where the control characters are.
 */
export function controlCharsError(field: string, status: 400 | 422 = 422): DomainError {
  const errors: FieldErrors = { [field]: [VALIDATION_KEYS.controlChars] };
  return new DomainError('control_characters', status, errors, status === 400 ? { message: CONTROL_CHARS_MESSAGE } : {});
}

/** @throws DomainError (422) when the parsed JSON `value` holds a control character. */
export function assertNoControlChars(value: unknown, root = 'body'): void {
  const field = findControlChars(value, root);
  if (field !== null) throw controlCharsError(field);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Where a control character sits in the request line or headers (`path`, `query.<name>`, `header.<name>`), or null. */
function requestControlChars(url: URL, headers: Headers): string | null {
  if (LINE_CONTROL.test(decoded(url.pathname))) return 'path';
  for (const [name, value] of url.searchParams) {
    if (LINE_CONTROL.test(name)) return 'query';
    if (LINE_CONTROL.test(value)) return `query.${name}`;
  }
  for (const [name, value] of headers) {
    // HTTP allows tab inside a header value; nothing else below space.
    if (LINE_CONTROL.test(value.replaceAll('\t', ' '))) return `header.${name}`;
  }
  return null;
}

/**
 * Refuses with 400 any call whose path, query (decoded, `%00` included) or
 * header values hold a control character, before any route reads them.
 */
export const rejectControlChars: MiddlewareHandler = async (c, next) => {
  const where = requestControlChars(new URL(c.req.url), c.req.raw.headers);
  if (where !== null) throw controlCharsError(where, 400);
  await next();
};
