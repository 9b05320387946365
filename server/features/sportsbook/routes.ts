import { Hono } from 'hono';
import * as v from 'valibot';
import { type SportLaunchAnswer, SportLaunchBodySchema, type SportsLang } from '../../../src/contract/sportsbook.ts';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import { parseJsonText } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { NotFoundError, UnauthorizedError } from '../../http/errors.ts';
import { messageLocale } from '../../http/messages.ts';
import { assertNotSelfExcluded } from '../auth/self-exclusion-error.ts';
import { findUserById } from '../users/find-user.ts';
import { tenantBrand } from './brand.ts';
import type { SportsbookConfig } from './config.ts';
import { listSportsBets } from './history.ts';
import { sportsbookKeys } from './keys.ts';
import { LAUNCH_TOKEN_SECONDS, signLaunchToken } from './launch-token.ts';

const UNAVAILABLE = { pt: 'Esportes indisponíveis neste site.', en: 'Sports are unavailable on this site.' };

/** The widget greets the player by first name only: the provider gets no more of the name than it needs. */
const firstName = (name: string): string => name.trim().split(/\s+/)[0]?.slice(0, 50) ?? '';

/**
 * The player's sportsbook calls under `/api` (behind tenant, actor and
 * open-tenant middleware):
 * - `POST /games/launch/sport` `{ lang? }` → `{ gameUrl, token, expiresIn }`:
 *   the widget page with a fresh launch token (./launch-token.ts) in the URL
 *   fragment, which browsers never send to a server; the token is never
 *   logged. 401 for guests, 403 self-excluded (the usual refusal with its
 *   dates), 404 `sports_unavailable` when the tenant has no sportsbook.
 * - `GET /sports/bets?page` → the player's betslips (./history.ts).
 */
export function sportsbookPlayerRoutes(deps: { db: Db; config: SportsbookConfig; now?: () => Date }): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .post('/games/launch/sport', requireUser, async (c) => {
      const tenant = c.get('tenant');
      const actor = c.get('actor');
      if (actor?.kind !== 'user') throw new UnauthorizedError('unauthenticated');
      const text = await c.req.text();
      const body = text.trim() === '' ? {} : parseJsonText(text, SportLaunchBodySchema);
      const brandId = tenantBrand(tenant, deps.config);
      if (!brandId) throw new NotFoundError('sports_unavailable', { message: UNAVAILABLE });
      const user = await findUserById(deps.db, tenant.id, actor.userId);
      if (!user) throw new UnauthorizedError('unauthenticated');
      const at = now();
      assertNotSelfExcluded(user, at);
      const lang: SportsLang = body.lang ?? (messageLocale(c.req.header('accept-language')) === 'en' ? 'en' : 'pt-br');
      const token = await signLaunchToken(await sportsbookKeys(deps.config), { issuer: deps.config.operatorId, brandId, playerId: user.id, name: firstName(user.name), lang }, at);
      c.header('Cache-Control', 'no-store');
      const answer: SportLaunchAnswer = { gameUrl: `${lang === 'en' ? '/en' : ''}/widgetbetby#token=${token}`, token, expiresIn: LAUNCH_TOKEN_SECONDS };
      return c.json(answer);
    })
    .get('/sports/bets', requireUser, async (c) => {
      const actor = c.get('actor');
      if (actor?.kind !== 'user') throw new UnauthorizedError('unauthenticated');
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      c.header('Cache-Control', 'no-store');
      return c.json(await listSportsBets(deps.db, { tenantId: c.get('tenant').id, userId: actor.userId, page }));
    });
}
