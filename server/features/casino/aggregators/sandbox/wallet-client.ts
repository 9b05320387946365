import { standardSignatureHeaders } from '../adapter.ts';
import { type HttpPost, nodeHttpPost } from './http-post.ts';

/** The platform's seamless-wallet calls (docs/casino.md, "Aggregators"), as the sandbox sends them. */
export type WalletCall =
  | { action: 'balance'; player_id: number }
  | { action: 'bet'; player_id: number; round_id: string; transaction_id: string; amount: number; game: string; game_id: string }
  | { action: 'win'; player_id: number; round_id: string; transaction_id: string; amount: number; game: string; game_id: string }
  | { action: 'rollback'; player_id: number; transaction_id: string };

/** Where a call goes: the tenant (Host) and the provider (`/providers/{code}/wallet`). */
export interface WalletTarget {
  tenant: string;
  provider: string;
  /** The player's language, sent as Accept-Language so a refusal's `message` comes back in it. */
  locale?: 'pt' | 'en';
}

/**
 * What came of a call after its retries: the platform's answer (2xx: done;
 * 4xx: a definitive refusal, its protocol `error` code), or none at all.
 */
export type WalletOutcome =
  | { kind: 'ok'; balance: number; replayed: boolean; held: boolean }
  | { kind: 'refused'; status: number; error: string; message: string }
  | { kind: 'unreachable'; reason: string };

export interface WalletRetry {
  /** Attempts in all, the first included. Default 3. */
  attempts: number;
  /** Wait before the 2nd attempt; doubles after. Default 150 ms. */
  backoffMs: number;
  /** An attempt without an answer after this long is retried. Default 5000 ms. */
  timeoutMs: number;
}

export const DEFAULT_WALLET_RETRY: WalletRetry = { attempts: 3, backoffMs: 150, timeoutMs: 5000 };

export interface WalletClient {
  /**
   * Sends `call` signed, retrying the very same body (same transaction id)
   * after a timeout, a connection error or a 5xx, with a short backoff; the
   * platform's idempotency makes a retry of an applied call a replay.
   */
  call(target: WalletTarget, call: WalletCall, retry?: Partial<WalletRetry>): Promise<WalletOutcome>;
  /** One attempt of an exact body, no retry (the owed calls' scheduler spaces its own attempts). */
  sendOnce(target: WalletTarget, body: string, timeoutMs?: number): Promise<WalletOutcome>;
}

export interface WalletClientOptions {
  /** The platform API base, e.g. `http://127.0.0.1:4321/api`. */
  walletUrl: string;
  secret: string;
  retry?: Partial<WalletRetry>;
  post?: HttpPost;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outcomeOf(status: number, text: string): WalletOutcome | null {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // A body that is not JSON: the status decides.
  }
  if (status >= 200 && status < 300) return { kind: 'ok', balance: Number(body.balance ?? 0), replayed: body.replayed === true, held: body.held === true };
  if (status >= 400 && status < 500) {
    const error = typeof body.error === 'string' ? body.error : typeof body.code === 'string' ? body.code : String(status);
    return { kind: 'refused', status, error, message: typeof body.message === 'string' ? body.message : error };
  }
  return null;
}

/** The sandbox's wallet client: signed JSON posts to `{walletUrl}/providers/{code}/wallet` with the tenant as Host. */
export function createWalletClient(opts: WalletClientOptions): WalletClient {
  const defaults = { ...DEFAULT_WALLET_RETRY, ...opts.retry };
  const post = opts.post ?? nodeHttpPost;
  const sendOnce = async (target: WalletTarget, body: string, timeoutMs = defaults.timeoutMs): Promise<WalletOutcome> => {
    const url = `${opts.walletUrl}/providers/${encodeURIComponent(target.provider)}/wallet`;
    const headers = { ...standardSignatureHeaders(body, opts.secret), ...(target.locale ? { 'accept-language': target.locale === 'en' ? 'en-US' : 'pt-BR' } : {}) };
    const answer = await post(url, { host: target.tenant, headers, body, timeoutMs });
    if (answer.kind === 'no_answer') return { kind: 'unreachable', reason: answer.reason };
    return outcomeOf(answer.status, answer.body) ?? { kind: 'unreachable', reason: String(answer.status) };
  };
  return {
    sendOnce,
    async call(target, call, retryOverride) {
      const retry = { ...defaults, ...retryOverride };
      const body = JSON.stringify(call);
      let outcome: WalletOutcome = { kind: 'unreachable', reason: 'not sent' };
      for (let attempt = 1; attempt <= retry.attempts; attempt += 1) {
        if (attempt > 1) await sleep(retry.backoffMs * 2 ** (attempt - 2));
        outcome = await sendOnce(target, body, retry.timeoutMs);
        if (outcome.kind !== 'unreachable') return outcome;
      }
      return outcome;
    },
  };
}
