import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { avatarRoutes } from '../avatars/routes.ts';
import { devOutboxRoutes } from '../notifier/dev-routes.ts';
import { profileRoutes } from '../profile/routes.ts';
import type { AccountsDeps } from './deps.ts';
import { authRoutes } from './routes.ts';

/**
 * Every route of the accounts features, for `createApp` to mount under
 * `/api` behind the tenant and actor middleware. `GET /dev/outbox` joins
 * them only when DEV_OUTBOX=true, and never in production mode (where
 * getConfig refuses DEV_OUTBOX anyway: this guard survives a config built by hand).
 */
export function accountRoutes(deps: AccountsDeps): Hono<AppEnv>[] {
  return [
    authRoutes(deps),
    profileRoutes(deps),
    avatarRoutes(deps.avatars),
    ...(deps.config.devOutbox && !deps.config.production ? [devOutboxRoutes(deps.db)] : []),
  ];
}
