import { type KeyObject, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { type HttpPost, nodeHttpPost } from '../../casino/aggregators/sandbox/http-post.ts';

/**
 * What came of a callback after its retries: the platform's answer (2xx
 * accepted, 4xx a definitive refusal with the provider's numeric `code`),
 * or none at all.
 */
export type CallbackOutcome =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'refused'; status: number; code: number; error: string; message: string }
  | { kind: 'unreachable'; reason: string };

export interface CallbackRetry {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the 2nd attempt; doubles after. */
  backoffMs: number;
  /** An attempt without an answer after this long is retried. */
  timeoutMs: number;
}

export const DEFAULT_CALLBACK_RETRY: CallbackRetry = { attempts: 3, backoffMs: 200, timeoutMs: 5000 };

export interface CallbackClient {
  /**
   * Posts `{ "payload": <claims signed ES256> }` to `{callbackBaseUrl}/{path}`
   * with the tenant's domain as Host, as BetBy calls an operator's wallet.
   * Each attempt is signed anew (fresh `jti`, `iat`, `exp` 2 minutes on);
   * the claims (and so the transaction id) stay the same, so a retry of an
   * applied call is the platform's replay.
   */
  send(target: { tenant: string; lang: 'pt-br' | 'en' }, path: string, claims: Record<string, unknown>, retry?: Partial<CallbackRetry>): Promise<CallbackOutcome>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outcomeOf(status: number, text: string): CallbackOutcome | null {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status decides.
  }
  if (status >= 200 && status < 300) return { kind: 'ok', body };
  if (status >= 400 && status < 500) {
    return {
      kind: 'refused',
      status,
      code: typeof body.code === 'number' ? body.code : 0,
      error: typeof body.error === 'string' ? body.error : String(status),
      message: typeof body.message === 'string' ? body.message : String(status),
    };
  }
  return null;
}

/** The sandbox's signed callbacks to the platform. */
export function createCallbackClient(opts: { callbackBaseUrl: string; key: KeyObject; issuer: string; retry?: Partial<CallbackRetry>; post?: HttpPost }): CallbackClient {
  const defaults = { ...DEFAULT_CALLBACK_RETRY, ...opts.retry };
  const post = opts.post ?? nodeHttpPost;
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).setIssuer(opts.issuer).setIssuedAt().setExpirationTime('2m').setJti(randomUUID()).sign(opts.key);
  return {
    async send(target, path, claims, override) {
      const retry = { ...defaults, ...override };
      const url = `${opts.callbackBaseUrl}/${path}`;
      const headers = { 'accept-language': target.lang === 'en' ? 'en-US' : 'pt-BR' };
      let outcome: CallbackOutcome = { kind: 'unreachable', reason: 'not sent' };
      for (let attempt = 1; attempt <= retry.attempts; attempt += 1) {
        if (attempt > 1) await sleep(retry.backoffMs * 2 ** (attempt - 2));
        const body = JSON.stringify({ payload: await sign(claims) });
        const answer = await post(url, { host: target.tenant, headers, body, timeoutMs: retry.timeoutMs });
        outcome = answer.kind === 'no_answer' ? { kind: 'unreachable', reason: answer.reason } : (outcomeOf(answer.status, answer.body) ?? { kind: 'unreachable', reason: String(answer.status) });
        if (outcome.kind !== 'unreachable') return outcome;
      }
      return outcome;
    },
  };
}
