/** HTTP calls of the fault and soak runs, as players, the PSP and game aggregators make them. */
import { randomBytes, randomUUID } from 'node:crypto';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../server/features/payments/signature.ts';

/** An answer; `status` 0 means none came (refused connection, reset, timeout). */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Site the call comes from (the tenant), sent as Origin. Default `http://localhost`. */
  origin?: string;
  timeoutMs?: number;
}

/** One API call; never throws. */
export async function call(baseUrl: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = { origin: opts.origin ?? 'http://localhost', 'accept-language': 'en', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  try {
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: { error: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error) }, ms: performance.now() - started };
  }
}

/** A POST signed as the PSP and the aggregators sign theirs (`X-Webhook-Signature` HMAC of the exact body). */
export function signedPost(baseUrl: string, path: string, payload: unknown, secret: string, opts: CallOptions = {}): Promise<Answer> {
  const body = JSON.stringify(payload);
  return call(baseUrl, 'POST', path, { ...opts, body, headers: { ...opts.headers, [WEBHOOK_SIGNATURE_HEADER]: signWebhook(body, secret) } });
}

/** True for an answer a sender must not take as final: none at all, or a server error. */
export const unanswered = (a: Answer): boolean => a.status === 0 || a.status >= 500;

/**
 * Sends until an answer that is not `unanswered` or until `deadline` (epoch
 * ms), pausing 100 ms doubling to 2 s: how PSPs and aggregators retry a
 * callback. The payload, and so every id in it, is the same each time.
 */
export async function untilAnswered(send: () => Promise<Answer>, deadline: number): Promise<Answer & { attempts: number }> {
  let pause = 100;
  let attempts = 0;
  for (;;) {
    const answer = await send();
    attempts += 1;
    if (!unanswered(answer) || Date.now() + pause > deadline) return { ...answer, attempts };
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 2000);
  }
}

/** A Pix endToEndId as the standard shapes it: 32 letters or digits. */
export const newEndToEndId = (): string => `E${randomBytes(16).toString('hex').slice(0, 31)}`;

/** A fresh `Idempotency-Key`. */
export const idempotencyKey = (): string => randomUUID();
