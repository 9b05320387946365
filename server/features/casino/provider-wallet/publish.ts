import { and, eq } from 'drizzle-orm';
import type { BetPlacedEvent } from '../../../../src/contract/casino.ts';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../../src/contract/realtime.ts';
import type { Db } from '../../../db/open.ts';
import type { TenantContext } from '../../../http/context.ts';
import type { Logger } from '../../../logger.ts';
import type { Publish } from '../../payments/deps.ts';
import { findUserById } from '../../users/find-user.ts';
import { betFeedName } from '../../users/public-name.ts';
import { getWallet, toWalletView } from '../../wallet/wallet.ts';
import { gameProviders, games } from '../schema.ts';

export interface ProviderEventsDeps {
  db: Db;
  publish: Publish;
  log: Logger;
}

/** A provider movement that moved money (a replay moves nothing and announces nothing). */
export interface ProviderMovement {
  tenant: TenantContext;
  provider: string;
  userId: number;
  /** Bet and win only: the feed's half. Rollbacks only change the balance. */
  feed?: { type: 'bet' | 'win'; roundId: string; amount: number; gameId?: string };
}

/** The catalogue game a provider names by its own id (`game_id` of the import), or null. */
async function catalogueGame(db: Db, tenantId: number, provider: string, gameId: string): Promise<BetPlacedEvent['game'] | null> {
  const [row] = await db
    .select({ title: games.title, gamecode: games.gamecode, providercode: gameProviders.code })
    .from(games)
    .innerJoin(gameProviders, eq(games.providerId, gameProviders.id))
    .where(and(eq(games.tenantId, tenantId), eq(gameProviders.code, provider), eq(games.gameId, gameId)))
    .limit(1);
  return row ?? null;
}

/**
 * After an aggregator's bet, win or rollback moved money: `BalanceUpdated`
 * {wallet} on the player's private channel (the header balance follows
 * rounds played in a provider's frame) and, for a bet or win that names a
 * catalogue game by `game_id`, the `BetPlaced` half of the live feed, with
 * `transaction` = `{provider}:{round_id}` so a round's stake and payout pair
 * up. A call without `game_id` (or with an unknown one) stays out of the feed:
 * the feed links to the game's page. Failures are logged, never undo money.
 */
export async function publishProviderMovement(deps: ProviderEventsDeps, movement: ProviderMovement): Promise<void> {
  const { tenant, userId } = movement;
  try {
    const wallet = toWalletView(await getWallet(deps.db, tenant.id, userId));
    await deps.publish([realtimeChannel.actorPrivate(userId)], wireEventName(RealtimeEvent.BalanceUpdated), { wallet });
  } catch (error) {
    deps.log.warn(`provider wallet: BalanceUpdated of player ${userId} not sent`, error);
  }
  const feed = movement.feed;
  if (!feed?.gameId) return;
  try {
    const game = await catalogueGame(deps.db, tenant.id, movement.provider, feed.gameId);
    const user = await findUserById(deps.db, tenant.id, userId);
    if (!game || !user) return;
    const event: BetPlacedEvent = {
      type: feed.type,
      transaction: `${movement.provider}:${feed.roundId}`,
      game,
      user: { name: betFeedName(user.name, user.settings) },
      amount: feed.amount,
      date: new Date().toISOString(),
    };
    await deps.publish([realtimeChannel.tenantPublic(tenant.id)], wireEventName(RealtimeEvent.BetPlaced), event);
  } catch (error) {
    deps.log.warn(`provider wallet: BetPlaced of round ${movement.provider}:${feed.roundId} not sent`, error);
  }
}
