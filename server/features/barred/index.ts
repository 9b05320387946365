import type { Hono } from 'hono';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { NotificationsDeps } from '../notifications/deps.ts';
import type { BarredDeps } from './deps.ts';
import { createSigapStandIn, type SigapStandIn } from './sandbox/stand-in.ts';
import { createSigapClient, type SigapClient } from './sigap-client.ts';

export { SANDBOX_SIGAP_PATH } from './config.ts';

/** Host of the in-process sandbox calls (never resolved: the request goes straight to the stand-in's routes). */
const IN_PROCESS_BASE = 'http://sandbox-sigap.internal';

/** The barred-bettor check as the platform wires it (server/app.ts, server/main.ts, scripts/barred-sweep.ts). */
export interface Barred {
  deps: BarredDeps;
  /** The built-in stand-in, with SIGAP_PROVIDER=sandbox outside production mode; else null. */
  sandbox: SigapStandIn | null;
  /** Its routes, mounted at `/sandbox-sigap`; null without it. */
  sandboxRoutes: Hono | null;
}

/**
 * The check from the configuration (docs/barred-players.md): the adapter
 * of the regulator's service (`sigap`), the built-in stand-in (`sandbox`:
 * called in-process unless SIGAP_URL points at another one) or nothing
 * (`none`). `sigap` replaces the adapter (tests).
 */
export function createBarred(base: { db: Db; config: Config; log: Logger; notifications: NotificationsDeps; now?: () => Date; sigap?: SigapClient | null }): Barred {
  const settings = base.config.barred;
  const sandbox =
    settings.provider === 'sandbox' && !base.config.production ? createSigapStandIn({ clientId: settings.clientId, clientSecret: settings.clientSecret }) : null;
  const inProcess = sandbox && settings.url === null ? (input: string, init: RequestInit) => Promise.resolve(sandbox.routes.fetch(new Request(input, init))) : undefined;
  const client =
    settings.provider === 'none' || (settings.provider === 'sandbox' && !sandbox)
      ? null
      : createSigapClient({
          baseUrl: settings.url ?? IN_PROCESS_BASE,
          clientId: settings.clientId,
          clientSecret: settings.clientSecret,
          timeoutMs: settings.timeoutMs,
          ...(inProcess ? { fetch: inProcess } : {}),
        });
  return {
    deps: {
      db: base.db,
      sigap: base.sigap !== undefined ? base.sigap : client,
      closeAfterDays: settings.closeAfterDays,
      notifications: base.notifications,
      log: base.log,
      now: base.now ?? (() => new Date()),
    },
    sandbox,
    sandboxRoutes: sandbox?.routes ?? null,
  };
}
