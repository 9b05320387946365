import type { Context } from 'hono';
import * as v from 'valibot';
import { assertNoControlChars, controlCharsError, hasControlChars } from './control-chars.ts';
import { BadRequestError } from './errors.ts';

const INVALID_JSON = { pt: 'O corpo da requisição deve ser um JSON válido.', en: 'The request body must be valid JSON.' };

/**
 * Parses `raw` as JSON and validates it with `schema`, then refuses control
 * characters in any string or key of the input (see ./control-chars.ts). The
 * schema runs first so its own, more precise messages win where it already
 * refuses them; the check after it covers loose schemas (`v.unknown()`,
 * ignored keys) before anything reaches the database.
 * @throws BadRequestError (400) when `raw` is not JSON; valibot's ValiError
 * (mapped to 422 with field errors) when it does not match; DomainError
 * (422 naming the field) for a control character.
 */
export function parseJsonText<S extends v.GenericSchema>(raw: string, schema: S): v.InferOutput<S> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new BadRequestError('invalid_json', { message: INVALID_JSON });
  }
  const output = v.parse(schema, body);
  assertNoControlChars(body);
  return output;
}

/**
 * Reads a JSON request body and validates it as `parseJsonText` does.
 * @throws as `parseJsonText`.
 */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parseJsonText(await c.req.text(), schema);
}

/**
 * Reads a request body as text (e.g. a CSV file), refusing control
 * characters other than tab and line breaks.
 * @throws DomainError (422 on `field`) when it holds one.
 */
export async function readText(c: Context, field = 'body'): Promise<string> {
  const text = await c.req.text();
  if (hasControlChars(text)) throw controlCharsError(field);
  return text;
}
