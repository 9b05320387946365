import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { HouseParams } from '../../../src/contract/casino.ts';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import { parseJsonText, readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { idempotent } from '../../http/idempotency.ts';
import { NotFoundError } from '../../http/errors.ts';
import { playFreeRound } from '../free-rounds/play.ts';
import { houseActorKey } from './actor-key.ts';
import type { HouseDeps } from './deps.ts';
import { HOUSE_MESSAGES } from './messages.ts';
import { asksFreeRound, ClientSeedBodySchema, freeRoundBodySchema, isHouseGame, paramsOnlySchema, playBodySchema, VerifyBodySchema } from './params.ts';
import { playRound } from './play.ts';
import { getRound, listRounds } from './rounds.ts';
import { getFairness, rotatePair } from './seeds.ts';
import { verifyRound } from './verify.ts';

/** The body as JSON, or undefined when it is not (parseJsonText then answers 400). */
function looseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const RoundIdSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number), v.safeInteger());

/**
 * The house games' calls (mounted under `/api` behind the tenant and actor
 * middleware): fairness state and seed changes, play, own rounds, verify.
 * Guests (Guest-ID) may use everything but real money.
 */
export function houseRoutes(deps: HouseDeps): Hono<AppEnv> {
  const owner = (c: Context<AppEnv>) => ({
    tenantId: c.get('tenant').id,
    actorKey: houseActorKey(c.get('actor')),
  });
  return new Hono<AppEnv>()
    .get('/house/fairness', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getFairness(deps.db, owner(c)));
    })
    .post('/house/fairness/client-seed', async (c) => {
      const who = owner(c);
      const { client_seed } = await readBody(c, ClientSeedBodySchema);
      return c.json(await rotatePair(deps.db, who, client_seed));
    })
    .post('/house/fairness/rotate', async (c) => c.json(await rotatePair(deps.db, owner(c))))
    .get('/house/rounds', async (c) => {
      const who = owner(c);
      const { page } = v.parse(PageQuerySchema, { page: c.req.query('page') });
      c.header('Cache-Control', 'no-store');
      return c.json(await listRounds(deps.db, who, page));
    })
    .get('/house/rounds/:id', async (c) => {
      const who = owner(c);
      const id = v.safeParse(RoundIdSchema, c.req.param('id'));
      if (!id.success) throw new NotFoundError('round_not_found', { message: HOUSE_MESSAGES.roundNotFound });
      c.header('Cache-Control', 'no-store');
      return c.json(await getRound(deps.db, who, id.output));
    })
    .post('/house/verify', async (c) => {
      const body = await readBody(c, VerifyBodySchema);
      const { params } = v.parse(paramsOnlySchema(body.game), body);
      return c.json(verifyRound({ serverSeed: body.server_seed, clientSeed: body.client_seed, nonce: body.nonce, game: { game: body.game, params } as HouseParams }));
    })
    .post('/house/:game/play', async (c) => {
      const game = c.req.param('game');
      if (!isHouseGame(game)) throw new NotFoundError('game_not_found', { message: HOUSE_MESSAGES.unknownGame });
      const text = await c.req.text();
      if (asksFreeRound(looseJson(text))) {
        const body = parseJsonText(text, freeRoundBodySchema(game));
        return idempotent(c, deps, body, async ({ db, later }) => {
          const input = { game: { game, params: body.params } as HouseParams };
          return { status: 200, body: await playFreeRound({ ...deps, db, publish: later(deps.publish) }, { tenant: c.get('tenant'), actor: c.get('actor') }, input) };
        });
      }
      const body = parseJsonText(text, playBodySchema(game));
      return idempotent(c, deps, body, async ({ db, later }) => {
        const input = { game: { game, params: body.params } as HouseParams, amount: body.amount, demo: body.demo };
        return { status: 200, body: await playRound({ ...deps, db, publish: later(deps.publish) }, { tenant: c.get('tenant'), actor: c.get('actor') }, input) };
      });
    });
}
