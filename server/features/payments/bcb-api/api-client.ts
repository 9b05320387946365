import * as v from 'valibot';
import type { Logger } from '../../../logger.ts';
import { PspError, problemError } from './errors.ts';
import type { TokenSource } from './token.ts';
import type { HttpTransport } from './transport.ts';

export interface ApiCall {
  method: 'GET' | 'PUT';
  /** Path under the base URL, parameters already encoded (`/cob/abc`). */
  path: string;
  /** Path with parameter names, for messages and logs (`/cob/{txid}`). */
  template: string;
  body?: unknown;
}

export interface ApiClient {
  /** The answer's JSON; null when `nullOn404` and the PSP answered 404. @throws PspError */
  call(request: ApiCall & { nullOn404?: boolean }): Promise<unknown>;
}

/** Encodes one path segment (a txid, a Pix key such as `+5511…` or an e-mail). */
export const seg = (value: string): string => encodeURIComponent(value);

/**
 * Authorized JSON calls to the PSP's API. A 401 means the token was revoked
 * or expired early at the PSP: the token is dropped and the call retried
 * once with a new one; a second 401 is the PSP's final word.
 */
export function createApiClient(opts: { baseUrl: string; transport: HttpTransport; tokens: TokenSource; log?: Pick<Logger, 'warn'> }): ApiClient {
  const base = opts.baseUrl.replace(/\/+$/, '');

  const send = async (request: ApiCall, token: string) =>
    opts.transport({
      operation: `${request.method} ${request.template}`,
      method: request.method,
      url: `${base}${request.path}`,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });

  return {
    async call(request) {
      const operation = `${request.method} ${request.template}`;
      const token = await opts.tokens.get();
      let answer = await send(request, token);
      if (answer.status === 401) {
        opts.tokens.invalidate(token);
        opts.log?.warn(`pix psp: ${operation} answered 401; retrying once with a new access token`);
        answer = await send(request, await opts.tokens.get());
      }
      if (answer.status === 404 && request.nullOn404) return null;
      if (answer.status < 200 || answer.status >= 300) throw problemError(operation, answer.status, answer.text);
      try {
        return JSON.parse(answer.text) as unknown;
      } catch {
        throw new PspError({ operation, status: answer.status, type: 'invalid_answer', title: 'answer is not JSON', detail: answer.text.slice(0, 200) });
      }
    },
  };
}

/** Validates a PSP answer against `schema`. @throws PspError `invalid_answer` naming the first bad field. */
export function readAnswer<T extends v.GenericSchema>(schema: T, data: unknown, operation: string): v.InferOutput<T> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = v.getDotPath(issue) ?? '(answer)';
  throw new PspError({ operation, status: null, type: 'invalid_answer', title: `unexpected answer at ${path}`, detail: issue.message });
}
