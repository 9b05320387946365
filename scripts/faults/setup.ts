/** What the fault scenarios and the soak share: the platform's settings, scratch databases, the Idempotency-Key probe. */
import { scratchDatabase } from '../bench/scratch-db.ts';
import { call, idempotencyKey } from './http.ts';

export const WEBHOOK_SECRET = 'faults-pix-webhook-secret';
export const PROVIDER = { code: 'faultsagg', secret: 'faults-provider-secret' };

/** The platform's environment for a fault run on `databaseUrl`. */
export function faultsEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    GAME_PROVIDER_SECRETS: `${PROVIDER.code}:${PROVIDER.secret}`,
    WITHDRAWAL_HOLD_SECONDS: '2',
    IP_RATE_LIMIT_SCALE: '1000',
    REALTIME_CONNECTIONS_PER_IP_PER_SECOND: '100000',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    ...extra,
  };
}

/** What every scenario is given. */
export interface ScenarioContext {
  log: (line: string) => void;
  /** PostgreSQL server to make scratch databases on. */
  databaseServer: string;
}

/** A scratch database on `server`, asked up to three times (a shared cluster's connections may be reset by others' tests). */
export async function scratchFor(server: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  for (let attempt = 1; ; attempt++) {
    const scratch = await scratchDatabase(server, prefix);
    if (scratch || attempt === 3) return scratch;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Drops a scratch database, once more if the first try lost its connection (the shared cluster may be reset by others' tests). */
export async function dropScratch(scratch: { drop(): Promise<void> }): Promise<void> {
  await scratch.drop().catch(() => scratch.drop());
}

/**
 * True when the platform honours `Idempotency-Key` on player money calls:
 * the same deposit call sent twice with one key answers the same charge.
 */
export async function honoursIdempotencyKey(baseUrl: string, token: string): Promise<boolean> {
  const key = idempotencyKey();
  const send = () => call(baseUrl, 'POST', '/api/main-gateway/qrcode-pix', { token, body: { amount: 1000 }, headers: { 'idempotency-key': key } });
  const first = await send();
  const second = await send();
  return first.status === 200 && second.status === 200 && first.body.txid === second.body.txid;
}
