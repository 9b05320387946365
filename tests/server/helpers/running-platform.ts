import { getConfig } from '../../../server/config.ts';
import { type RunningPlatform, startPlatform } from '../../../server/main.ts';
import { freePort } from '../../../scripts/free-port.ts';

/**
 * The platform as `npm start` runs it (HTTP server, sandbox PSP delivering
 * its webhooks over HTTP, payout worker), for tests that need the real
 * wiring of server/main.ts: a player registers through the API and the
 * development outbox.
 */

/** A port free right now: the sandbox's webhook URL is derived from PORT, so it must be known before start. */
export { freePort };

/** Starts the platform on 127.0.0.1:`port` (realtime on a random port, sites not built) with DEV_OUTBOX on; `env` adds or overrides. */
export async function startTestPlatform(port: number, env: Record<string, string>): Promise<RunningPlatform> {
  const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), DEV_OUTBOX: 'true', ...env });
  return startPlatform({ ...config, realtime: { ...config.realtime, port: 0 } }, { buildMissingSites: false });
}

export type ApiCall = <T>(path: string, body?: unknown, token?: string) => Promise<T>;

/** JSON calls to the API of the platform on `port`, as the `localhost` demo tenant's site makes them; a non-2xx answer throws. */
export function apiCaller(port: number): ApiCall {
  return async <T>(path: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Origin: 'http://localhost', 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path} → ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Registers a player through the API (phone code read from the development outbox) and answers the access token. */
export async function registeredPlayerToken(call: ApiCall, player: { phone: string; cpf: string; email: string }): Promise<string> {
  await call('/auth/verify-phone', { phone: player.phone });
  const outbox = await call<{ data: { text: string }[] }>(`/dev/outbox?to=${encodeURIComponent(player.phone)}`);
  const code = outbox.data[0]!.text.match(/\b(\d{6})\b/)![1];
  const { verification_token } = await call<{ verification_token: string }>('/auth/verify-code', { channel: 'phone', destination: player.phone, code });
  const { token } = await call<{ token: string }>('/auth/register', {
    gender: 'female',
    marital_status: 'single',
    name: 'Luana Pix',
    username: player.phone,
    phone_verification_token: verification_token,
    email: player.email,
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    cpf: player.cpf,
    adult: true,
    terms: true,
    // Regulated tenants ask for a loss limit and a session-time limit at registration (issue 17).
    loss_limit: 100_000_000,
    loss_limit_period: 'month',
    session_limit_minutes: 1440,
  });
  return token;
}
