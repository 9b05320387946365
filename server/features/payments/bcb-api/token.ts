import type { Logger } from '../../../logger.ts';
import { PspError, problemError } from './errors.ts';
import type { HttpTransport } from './transport.ts';

export interface TokenSourceOptions {
  transport: HttpTransport;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  now: () => Date;
  log?: Pick<Logger, 'debug'>;
}

export interface TokenSource {
  /** A valid access token: the cached one, or a new one from the token endpoint. */
  get(): Promise<string>;
  /** Forgets `token` (the API answered 401 to it); a newer token is kept. */
  invalidate(token: string): void;
}

/** Lifetime assumed when the token endpoint omits `expires_in` (it is only RECOMMENDED by RFC 6749). */
const DEFAULT_LIFETIME_SECONDS = 60;
/** Renew this long before expiry (at most half the lifetime) so a token never expires in flight. */
const RENEW_MARGIN_SECONDS = 60;

/**
 * OAuth 2 client credentials (RFC 6749 §4.4), as the Pix API standard
 * requires: `POST tokenUrl` with `grant_type=client_credentials` and the
 * scopes, form-encoded, the client authenticated by HTTP Basic. The token is
 * cached until shortly before `expires_in`; concurrent callers share one
 * token request.
 */
export function createTokenSource(opts: TokenSourceOptions): TokenSource {
  // Plain `id:secret` as most PSPs document it (RFC 7617); ids and secrets are URL-safe in practice.
  const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`, 'utf8').toString('base64');
  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const fetchToken = async (): Promise<string> => {
    const answer = await opts.transport({
      operation: 'token',
      method: 'POST',
      url: opts.tokenUrl,
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: opts.scopes.join(' ') }).toString(),
    });
    let data: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(answer.text);
      if (typeof parsed === 'object' && parsed !== null) data = parsed as Record<string, unknown>;
    } catch {
      // Handled below: an error status keeps its status, a 2xx becomes invalid_answer.
    }
    if (answer.status < 200 || answer.status >= 300) {
      // RFC 6749 §5.2 errors: { error, error_description }.
      if (typeof data.error === 'string') {
        throw new PspError({
          operation: 'token',
          status: answer.status,
          type: `oauth:${data.error}`,
          title: `the token endpoint refused the client credentials (${data.error}); check PIX_PSP_CLIENT_ID and PIX_PSP_CLIENT_SECRET`,
          detail: typeof data.error_description === 'string' ? data.error_description : undefined,
        });
      }
      throw problemError('token', answer.status, answer.text);
    }
    if (typeof data.access_token !== 'string' || data.access_token === '') {
      throw new PspError({ operation: 'token', status: answer.status, type: 'invalid_answer', title: 'token answer without access_token' });
    }
    const lifetime = typeof data.expires_in === 'number' && data.expires_in > 0 ? data.expires_in : DEFAULT_LIFETIME_SECONDS;
    const margin = Math.min(RENEW_MARGIN_SECONDS, lifetime / 2);
    cached = { token: data.access_token, renewAt: opts.now().getTime() + (lifetime - margin) * 1000 };
    opts.log?.debug(`pix psp: new access token, valid ${lifetime} s`);
    return data.access_token;
  };

  return {
    get() {
      if (cached && opts.now().getTime() < cached.renewAt) return Promise.resolve(cached.token);
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
