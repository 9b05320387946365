import type { Hono } from 'hono';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import type { AppEnv } from '../../http/context.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';
import { sportsbookCallbackRoutes } from './callback-routes.ts';
import { sandboxKeys, sportsbookKeys } from './keys.ts';
import { sportsbookPlayerRoutes } from './routes.ts';
import { sandboxSportsbookRoutes } from './sandbox/routes.ts';
import { createSandboxSportsbook, type SandboxSportsbook, type SandboxSportsbookDeps } from './sandbox/sandbox-sportsbook.ts';

export { SANDBOX_SPORTSBOOK_PATH } from './sandbox/sandbox-sportsbook.ts';

/** The sportsbook as the platform mounts it (server/app.ts). */
export interface Sportsbook {
  /** The provider's wallet callbacks (`/sportsbook/…`), mounted under `/api` behind tenant resolution only. */
  callbackRoutes: Hono<AppEnv>;
  /** The player's calls (`/games/launch/sport`, `/sports/bets`), mounted with the tenant routes. */
  playerRoutes: Hono<AppEnv>;
  /** The built-in stand-in provider, with SPORTSBOOK_PROVIDER=sandbox outside production mode; else null. */
  sandbox: SandboxSportsbook | null;
  /** Its routes, mounted at `/sandbox-sportsbook`; null without it. */
  sandboxRoutes: Hono | null;
}

/**
 * The sportsbook from the configuration (docs/sportsbook.md). `sandbox`
 * tunes the stand-in's retries (tests).
 */
export function createSportsbook(deps: {
  db: Db;
  config: Config;
  log: Logger;
  publish: Publish;
  sandbox?: Pick<SandboxSportsbookDeps, 'retry' | 'owedRetry' | 'post' | 'now'>;
  now?: () => Date;
}): Sportsbook {
  const config = deps.config.sportsbook;
  const events = { db: deps.db, publish: deps.publish, log: deps.log };
  const sandbox =
    config.provider === 'sandbox' && config.sandbox && !deps.config.production
      ? createSandboxSportsbook({
          db: deps.db,
          log: deps.log,
          operatorId: config.operatorId,
          callbackBaseUrl: config.callbackBaseUrl,
          keys: () => sandboxKeys(config),
          ...deps.sandbox,
        })
      : null;
  return {
    callbackRoutes: sportsbookCallbackRoutes({ db: deps.db, config, log: deps.log, events, ...(deps.now ? { now: deps.now } : {}) }),
    playerRoutes: sportsbookPlayerRoutes({ db: deps.db, config, ...(deps.now ? { now: deps.now } : {}) }),
    sandbox,
    sandboxRoutes: sandbox ? sandboxSportsbookRoutes(sandbox) : null,
  };
}

/**
 * At start: the sandbox's key pairs are made on the first start, and every
 * provider's key files are read and checked, so a wrong path or key stops
 * the server at once with the variable's name (ConfigError).
 */
export async function prepareSportsbook(config: Config): Promise<void> {
  if (config.sportsbook.provider === 'none') return;
  await sportsbookKeys(config.sportsbook);
}
