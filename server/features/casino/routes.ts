import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { Actor, AppEnv } from '../../http/context.ts';
import { messageLocale } from '../../http/messages.ts';
import type { Logger } from '../../logger.ts';
import { userActor } from '../auth/routes.ts';
import { getGame, relatedGames } from './find-game.ts';
import { GameKeyBodySchema, GamesQuerySchema, GameUrlBodySchema, parseGameIdParam, ProvidersQuerySchema, toGamesFilter } from './inputs.ts';
import { launchGame } from './launch.ts';
import { listFavorites, listFeatured, listGames, listRecent } from './list-games.ts';
import { listProviders } from './list-providers.ts';
import { defaultLaunchers, type LauncherRegistry } from './providers.ts';
import { toggleFavorite, toggleLike } from './toggles.ts';

export interface CasinoRoutesDeps {
  db: Db;
  /** Provider code → launcher (default: the house provider only; server/app.ts passes the aggregator registry's). */
  launchers?: LauncherRegistry;
  log?: Logger;
}

function callerId(actor: Actor | null): number | null {
  return actor?.kind === 'user' ? actor.userId : null;
}

/**
 * The catalogue calls of section 7 under `/api`, behind the tenant and actor
 * middleware. Lists, single games and launch URLs are open to guests
 * (per-player flags false); likes, favorites and recents need a player.
 * Answers carry per-caller fields, so none is cached.
 */
export function casinoRoutes(deps: CasinoRoutesDeps): Hono<AppEnv> {
  const { db } = deps;
  const launchers = deps.launchers ?? defaultLaunchers;
  // Per-route, not `use()`: a sub-app's middleware mounted at `/` would run for every tenant call.
  const json = <T,>(c: Context<AppEnv>, body: T) => {
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  };

  return new Hono<AppEnv>()
    .get('/casinos/games', async (c) => {
      const q = v.parse(GamesQuerySchema, c.req.query());
      return json(c, await listGames(db, { tenantId: c.get('tenant').id, userId: callerId(c.get('actor')), page: q.page, filter: toGamesFilter(q) }));
    })
    .get('/featured/home-games', async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      return json(c, await listFeatured(db, { tenantId: c.get('tenant').id, userId: callerId(c.get('actor')), page, list: 'home' }));
    })
    .get('/featured/games', async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      return json(c, await listFeatured(db, { tenantId: c.get('tenant').id, userId: callerId(c.get('actor')), page, list: 'featured' }));
    })
    .get('/games/recent', requireUser, async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      return json(c, await listRecent(db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, page }));
    })
    .get('/profile/favorites', requireUser, async (c) => {
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      return json(c, await listFavorites(db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, page }));
    })
    .get('/games/providers', async (c) => {
      const q = v.parse(ProvidersQuerySchema, c.req.query());
      return json(c, await listProviders(db, { tenantId: c.get('tenant').id, page: q.page, searchTerm: q.searchTerm, category: q.category, providers: q.provider }));
    })
    .post('/games/get', async (c) => {
      const body = await readBody(c, GameKeyBodySchema);
      const game = await getGame(db, { tenantId: c.get('tenant').id, gamecode: body.game_id, providerCode: body.provider_code }, callerId(c.get('actor')));
      return json(c, { game });
    })
    .post('/games/getRelated', async (c) => {
      const body = await readBody(c, GameKeyBodySchema);
      const related = await relatedGames(db, { tenantId: c.get('tenant').id, gamecode: body.game_id, providerCode: body.provider_code }, callerId(c.get('actor')));
      return json(c, { related_games: related });
    })
    .post('/games/like/:gameId', requireUser, async (c) => {
      const gameId = parseGameIdParam(c.req.param('gameId'));
      return json(c, await toggleLike(db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, gameId }));
    })
    .post('/games/favorite/:gameId', requireUser, async (c) => {
      const gameId = parseGameIdParam(c.req.param('gameId'));
      return json(c, await toggleFavorite(db, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, gameId }));
    })
    .post('/games/url', async (c) => {
      const body = await readBody(c, GameUrlBodySchema);
      const answer = await launchGame(
        db,
        launchers,
        {
          tenantId: c.get('tenant').id,
          tenantDomain: c.get('tenant').domain,
          gamecode: body.game_id,
          providerCode: body.provider_code,
          demo: body.demo,
          userId: callerId(c.get('actor')),
          locale: body.lang ?? messageLocale(c.req.header('accept-language')),
        },
        deps.log,
      );
      return json(c, answer);
    });
}
