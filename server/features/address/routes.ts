import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AddressSchema } from '../../../src/contract/address.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import { userActor } from '../auth/routes.ts';
import { findAddress } from './find-address.ts';
import { saveAddress } from './save-address.ts';

/**
 * The player's postal address (issue 17; spec section 7 profile calls),
 * under `/api` behind the tenant and actor middleware: a logged-in player
 * only, answers `no-store` (it is personal data).
 */
export function addressRoutes(deps: { db: Db }): Hono<AppEnv> {
  const small = bodyLimit({
    maxSize: 4 * 1024,
    onError: () => {
      throw new DomainError('body_too_large', 413);
    },
  });
  const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  return new Hono<AppEnv>()
    .use('/address', requireUser, noStore)
    .use('/address/*', requireUser, noStore)
    .get('/address', async (c) => c.json({ address: await findAddress(deps.db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId }) }))
    .post('/address/create', small, async (c) => {
      const input = await readBody(c, AddressSchema);
      const address = await saveAddress(deps.db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId }, input);
      return c.json({ address });
    });
}
