import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createErrorHandler } from '../../../server/http/on-error.ts';
import { createLogger } from '../../../server/logger.ts';

/** Issue 12, defect 3: a database that cannot answer is a 503 with Retry-After, not a 500. */
function failingWith(error: unknown): Hono {
  const app = new Hono();
  app.onError(createErrorHandler(createLogger('silent')));
  app.get('/', () => {
    throw error;
  });
  return app;
}

const withCode = (code: string, message = code): Error => Object.assign(new Error(message), { code });
const fromDrizzle = (cause: Error): Error => new DrizzleQueryError('select 1', [], cause);

describe('errors of an unavailable database', () => {
  it.each([
    ['postgres-js dropped connection', withCode('CONNECTION_CLOSED')],
    ['postgres-js connect timeout', withCode('CONNECT_TIMEOUT')],
    ['pool ended', withCode('CONNECTION_ENDED')],
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['admin shutdown (pg_terminate_backend)', withCode('57P01')],
    ['starting up', withCode('57P03')],
    ['connection exception class 08', withCode('08006')],
    ['statement timeout', withCode('57014')],
    ['wrapped by Drizzle', fromDrizzle(withCode('57P01'))],
  ])('%s → 503 with Retry-After, in the caller’s language', async (_name, error) => {
    const pt = await failingWith(error).request('/');
    expect(pt.status).toBe(503);
    expect(Number(pt.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await pt.json()).toEqual({ message: 'Serviço indisponível no momento.' });
    const en = await failingWith(error).request('/', { headers: { 'accept-language': 'en-US' } });
    expect(await en.json()).toEqual({ message: 'Service unavailable at the moment.' });
  });

  it('leaves other database errors (a constraint violation) a 500 without Retry-After', async () => {
    const res = await failingWith(fromDrizzle(withCode('23505', 'duplicate key'))).request('/');
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
  });
});
