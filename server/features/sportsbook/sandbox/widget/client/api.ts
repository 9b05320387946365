/// <reference lib="dom" />
import { isSportEvent, normaliseEvent, type SportEvent } from './model.ts';

/**
 * Calls to the sandbox sportsbook that served the script (`{base}api/…`).
 * Player calls carry the platform's JWT as `Authorization: Bearer`; a token
 * that has expired (or is refused with 401) is exchanged once through
 * `renewToken` (the host's `onTokenExpired`) and the call is made again.
 */

export interface PlacedBet {
  betslip_id: string;
  status: string;
  balance: number;
}

export interface SlipBet {
  id: string;
  stake: number;
  status: string;
  k: string;
  selections: unknown[];
}

/** A refusal keeps the sportsbook's `code` and, when it sends one, the provider's numeric `provider_code` (BetBy's 2001: not enough money). */
export type Result<T> = { ok: true; value: T } | { ok: false; status: number; code: string; providerCode?: number; message: string | null };

export interface Selection {
  event_id: string;
  market_id: string;
  outcome_id: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Seconds since the epoch at which a JWT expires (its `exp`), or null when unreadable. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const payload: unknown = JSON.parse(json);
    return isRecord(payload) && typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/** A token that expires within `marginSeconds` is treated as expired (a call takes time). */
export function tokenExpired(token: string, now = Date.now(), marginSeconds = 5): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= now + marginSeconds * 1000;
}

export interface ApiOptions {
  base: string;
  brandId: string;
  lang: string;
  signal: AbortSignal;
  getToken: () => string | null;
  /** New token from the host, or null when none can be had (the player is then treated as logged out). */
  renewToken: () => Promise<string | null>;
}

export function createApi(opts: ApiOptions) {
  async function call<T>(path: string, init: RequestInit, auth: boolean, read: (body: unknown) => T | null): Promise<Result<T>> {
    let token = auth ? opts.getToken() : null;
    if (auth && token && tokenExpired(token)) token = await opts.renewToken();
    if (auth && !token) return { ok: false, status: 401, code: 'no_token', message: null };
    for (let attempt = 0; ; attempt++) {
      const headers = new Headers(init.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (init.body) headers.set('Content-Type', 'application/json');
      // Refusals come back in the widget's language (the sandbox reads it; a token's own `lang` wins there).
      headers.set('Accept-Language', opts.lang === 'en' ? 'en' : 'pt-BR');
      let response: Response;
      try {
        response = await fetch(opts.base + path, { ...init, headers, signal: opts.signal, credentials: 'omit' });
      } catch {
        return { ok: false, status: 0, code: 'network', message: null };
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 401 && auth && attempt === 0) {
        token = await opts.renewToken();
        if (token) continue;
      }
      if (response.ok) {
        const value = read(body);
        if (value !== null) return { ok: true, value };
        return { ok: false, status: response.status, code: 'bad_answer', message: null };
      }
      const code = isRecord(body) && typeof body.code === 'string' ? body.code : String(response.status);
      const message = isRecord(body) && typeof body.message === 'string' && body.message ? body.message : null;
      const providerCode = isRecord(body) && typeof body.provider_code === 'number' ? body.provider_code : undefined;
      return { ok: false, status: response.status, code, message, ...(providerCode === undefined ? {} : { providerCode }) };
    }
  }

  return {
    events(): Promise<Result<SportEvent[]>> {
      return call(`api/events?lang=${encodeURIComponent(opts.lang)}`, { method: 'GET' }, false, (body) =>
        isRecord(body) && Array.isArray(body.events) ? body.events.filter(isSportEvent).map(normaliseEvent) : null,
      );
    },
    placeBet(stake: number, selections: Selection[]): Promise<Result<PlacedBet>> {
      return call(`api/bets?lang=${encodeURIComponent(opts.lang)}`, { method: 'POST', body: JSON.stringify({ brand_id: opts.brandId, stake, selections }) }, true, (body) =>
        isRecord(body) && body.betslip_id !== undefined ? { betslip_id: String(body.betslip_id), status: String(body.status), balance: Number(body.balance) } : null,
      );
    },
    myBets(): Promise<Result<SlipBet[]>> {
      return call(`api/bets?lang=${encodeURIComponent(opts.lang)}`, { method: 'GET' }, true, (body) =>
        isRecord(body) && Array.isArray(body.betslips)
          ? body.betslips.filter(isRecord).map((b) => ({
              id: String(b.id),
              stake: Number(b.stake),
              status: String(b.status),
              k: String(b.k ?? ''),
              selections: Array.isArray(b.selections) ? b.selections : [],
            }))
          : null,
      );
    },
    settle(betslipId: string, result: string): Promise<Result<{ status: string }>> {
      return call(`api/bets/${encodeURIComponent(betslipId)}/settle?lang=${encodeURIComponent(opts.lang)}`, { method: 'POST', body: JSON.stringify({ result }) }, true, (body) =>
        isRecord(body) ? { status: String(body.status ?? result) } : null,
      );
    },
  };
}

export type Api = ReturnType<typeof createApi>;
