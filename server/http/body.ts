import type { Context } from 'hono';
import * as v from 'valibot';
import { BadRequestError } from './errors.ts';

/**
 * Reads a JSON request body and validates it with `schema`.
 * @throws BadRequestError (400) when the body is not JSON; valibot's ValiError
 * (mapped to 422 with field errors) when it does not match.
 */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new BadRequestError('invalid_json', {
      message: { pt: 'O corpo da requisição deve ser um JSON válido.', en: 'The request body must be valid JSON.' },
    });
  }
  return v.parse(schema, body);
}
