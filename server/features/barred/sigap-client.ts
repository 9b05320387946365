import * as v from 'valibot';
import { type BarredAnswer, MAX_BATCH, QUERY_PATH, QueryAnswerSchema, TOKEN_PATH, TokenAnswerSchema } from './protocol.ts';

/**
 * The regulator could not answer (network error, timeout, 429/5xx, refused
 * credentials, an answer that does not follow the protocol). Callers decide
 * what that means at their trigger (docs/barred-players.md, "Failures").
 */
export class SigapUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`barred-bettor check unavailable: ${message}`, options);
    this.name = 'SigapUnavailableError';
  }
}

/** The platform's only view of the regulator's check. */
export interface SigapClient {
  /**
   * What the regulator says of each CPF (11 digits), asked in batches of at
   * most MAX_BATCH; the map has every CPF asked.
   * @throws SigapUnavailableError when any batch cannot be answered.
   */
  check(cpfs: readonly string[]): Promise<Map<string, BarredAnswer>>;
}

export interface SigapClientOptions {
  /** SIGAP_URL without the trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per call (token or query). */
  timeoutMs: number;
  /** The HTTP client (default the global fetch; the in-process sandbox passes its own). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Clock for the token's expiry (ms). */
  now?: () => number;
}

/** A token is renewed this long before the regulator says it expires, so a query never carries one that dies in flight. */
const TOKEN_MARGIN_MS = 30_000;

/**
 * The adapter of the regulator's barred-bettor service over the protocol
 * of ./protocol.ts: one OAuth 2 client-credentials token, cached until
 * shortly before it expires (concurrent callers share one token request),
 * then batch queries. A 401 on a query drops the token and retries the
 * batch once with a new one.
 */
export function createSigapClient(opts: SigapClientOptions): SigapClient {
  const send = opts.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const now = opts.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  /** One HTTP call bounded by the timeout, whatever the transport does with the abort signal. */
  async function call(path: string, init: RequestInit): Promise<Response> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SigapUnavailableError(`${path} took longer than ${opts.timeoutMs} ms`)), opts.timeoutMs);
    });
    try {
      return await Promise.race([send(`${opts.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(opts.timeoutMs) }), timeout]);
    } catch (error) {
      if (error instanceof SigapUnavailableError) throw error;
      throw new SigapUnavailableError(`${path} unreachable (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async function readJson(response: Response, path: string): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw new SigapUnavailableError(`${path} answered ${response.status} without JSON`, { cause: error });
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(opts.clientId)}:${encodeURIComponent(opts.clientSecret)}`).toString('base64');
    const response = await call(TOKEN_PATH, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new SigapUnavailableError(`${TOKEN_PATH} answered ${response.status}${response.status === 401 ? ' (client credentials refused: check SIGAP_CLIENT_ID / SIGAP_CLIENT_SECRET)' : ''}`);
    }
    const parsed = v.safeParse(TokenAnswerSchema, await readJson(response, TOKEN_PATH));
    if (!parsed.success) throw new SigapUnavailableError(`${TOKEN_PATH} answered a malformed token`);
    cached = { token: parsed.output.access_token, expiresAt: now() + parsed.output.expires_in * 1000 - TOKEN_MARGIN_MS };
    return cached.token;
  }

  function token(): Promise<string> {
    if (cached && cached.expiresAt > now()) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function queryOnce(cpfs: readonly string[], bearer: string): Promise<Response> {
    return call(QUERY_PATH, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ cpfs }),
    });
  }

  async function queryBatch(cpfs: readonly string[]): Promise<BarredAnswer[]> {
    let response = await queryOnce(cpfs, await token());
    if (response.status === 401) {
      await response.body?.cancel();
      cached = null;
      response = await queryOnce(cpfs, await token());
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new SigapUnavailableError(`${QUERY_PATH} answered ${response.status}`);
    }
    const parsed = v.safeParse(QueryAnswerSchema, await readJson(response, QUERY_PATH));
    if (!parsed.success) throw new SigapUnavailableError(`${QUERY_PATH} answered a malformed result`);
    const byCpf = new Map(parsed.output.resultados.map((r) => [r.cpf, r]));
    return cpfs.map((cpf) => {
      const result = byCpf.get(cpf);
      // A CPF left unanswered is not "not barred": the whole batch counts as unanswered.
      if (!result) throw new SigapUnavailableError(`${QUERY_PATH} left CPF ****${cpf.slice(-2)} unanswered`);
      return { cpf, barred: result.impedido, reason: result.impedido ? result.motivo : null, since: result.impedido ? result.desde : null };
    });
  }

  return {
    async check(cpfs) {
      const distinct = [...new Set(cpfs)];
      const out = new Map<string, BarredAnswer>();
      for (let i = 0; i < distinct.length; i += MAX_BATCH) {
        for (const answer of await queryBatch(distinct.slice(i, i + MAX_BATCH))) out.set(answer.cpf, answer);
      }
      return out;
    },
  };
}
