import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { CentavosSchema } from '../../../../src/contract/money.ts';
import type { Db } from '../../../db/open.ts';
import type { AppEnv } from '../../../http/context.ts';
import { readVerifiedBody } from '../../payments/signed-webhook.ts';
import type { WalletCallVerifier } from '../aggregators/registry.ts';
import { isInMaintenance } from '../../tenants/context.ts';
import { ProviderError, toProviderError } from './errors.ts';
import { type ProviderEventsDeps, type ProviderMovement, publishProviderMovement } from './publish.ts';
import { createSeamlessWallet } from './service.ts';
import type { ProviderAnswer } from './types.ts';

const Id = v.pipe(v.string(), v.regex(/^[\w.:-]{1,100}$/));
const Player = v.pipe(v.number(), v.integer(), v.minValue(1));

/** The body of `POST /providers/{code}/wallet`, one action per call. */
export const ProviderWalletBodySchema = v.variant('action', [
  v.object({ action: v.literal('balance'), player_id: Player }),
  v.object({
    action: v.literal('bet'),
    player_id: Player,
    round_id: Id,
    transaction_id: Id,
    amount: CentavosSchema,
    game: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    game_id: v.optional(Id),
  }),
  v.object({
    action: v.literal('win'),
    player_id: Player,
    round_id: Id,
    transaction_id: Id,
    amount: v.union([v.literal(0), CentavosSchema]),
    game: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
    game_id: v.optional(Id),
  }),
  v.object({
    action: v.literal('rollback'),
    player_id: Player,
    transaction_id: Id,
  }),
]);

/**
 * `POST /providers/{code}/wallet` (under `/api`, behind tenant resolution
 * only: the provider calls the tenant's own API host, and open rounds settle
 * while the tenant is in maintenance): the seamless wallet for aggregator
 * `code`. Signed like the PSP webhooks: `X-Webhook-Signature: sha256=<hex
 * HMAC-SHA256 of the raw body>` with the provider's secret, or by the
 * scheme of the provider's aggregator (`walletVerifier`, from the
 * aggregator registry: ../aggregators/registry.ts). Answers
 * `{ balance, replayed, held? }` in centavos; a refusal answers its status
 * with the protocol's `error` code (./errors.ts): 401 invalid_signature,
 * 403 betting_suspended (a bet while the tenant is in maintenance),
 * player_self_excluded or player_blocked (by the operator), 404 player/bet/transaction not found, 409
 * reference_conflict or round_settled, 422 insufficient_funds.
 * A call that moved money is announced (./publish.ts): the player's new
 * balance and, for a bet or win with the catalogue's `game_id`, the live feed.
 */
export function providerWalletRoutes(deps: { db: Db; walletVerifier: (code: string) => WalletCallVerifier | null; events?: ProviderEventsDeps }): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/providers/:code/wallet', async (c) => {
    try {
      return await walletCall(c);
    } catch (error) {
      throw toProviderError(error);
    }
  });

  async function walletCall(c: Context<AppEnv>): Promise<Response> {
    const code = c.req.param('code') ?? '';
    const verify = deps.walletVerifier(code);
    if (!verify) throw new ProviderError('invalid_signature');
    const body = await readVerifiedBody(c, verify, ProviderWalletBodySchema);
    const wallet = createSeamlessWallet(deps.db, code, deps.events?.log, undefined, deps.events);
    const tenant = c.get('tenant');
    const player = { tenantId: tenant.id, userId: body.player_id };
    const announce = async (answer: ProviderAnswer, feed?: ProviderMovement['feed']) => {
      if (deps.events && !answer.replayed && !answer.held)
        await publishProviderMovement(deps.events, {
          tenant,
          provider: code,
          userId: body.player_id,
          ...(feed ? { feed } : {}),
        });
      return c.json(answer);
    };
    switch (body.action) {
      case 'balance':
        return c.json(await wallet.balance(player));
      case 'bet':
        // Maintenance stops new stakes only: wins, refunds and rollbacks of open rounds still settle.
        if (isInMaintenance(tenant)) throw new ProviderError('betting_suspended');
        return announce(
          await wallet.bet(player, {
            roundId: body.round_id,
            transactionId: body.transaction_id,
            amount: body.amount,
            game: body.game,
            ...(body.game_id ? { gameId: body.game_id } : {}),
          }),
          {
            type: 'bet',
            roundId: body.round_id,
            amount: body.amount,
            ...(body.game_id ? { gameId: body.game_id } : {}),
          },
        );
      case 'win':
        return announce(
          await wallet.win(player, {
            roundId: body.round_id,
            transactionId: body.transaction_id,
            amount: body.amount,
            ...(body.game ? { game: body.game } : {}),
            ...(body.game_id ? { gameId: body.game_id } : {}),
          }),
          {
            type: 'win',
            roundId: body.round_id,
            amount: body.amount,
            ...(body.game_id ? { gameId: body.game_id } : {}),
          },
        );
      case 'rollback':
        return announce(await wallet.rollback(player, { transactionId: body.transaction_id }));
    }
  }
}
