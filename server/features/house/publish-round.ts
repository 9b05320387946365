import { type BetPlacedEvent, HOUSE_PROVIDER_CODE, type HouseRoundView } from '../../../src/contract/casino.ts';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Actor, TenantContext } from '../../http/context.ts';
import { findUserById } from '../users/find-user.ts';
import { betFeedName } from '../users/public-name.ts';
import type { HouseDeps } from './deps.ts';
import { HOUSE_GAME_TITLES } from './limits.ts';
import { houseBetReference } from './references.ts';

/** The two BetPlaced events of a round: the stake and the payout (amount 0 on a loss), one `transaction`; `publicName` as {@link betFeedName} gives it. */
export function betPlacedEvents(round: HouseRoundView, publicName: string): BetPlacedEvent[] {
  const base = {
    transaction: houseBetReference(round.id),
    game: { title: HOUSE_GAME_TITLES[round.game], gamecode: round.game, providercode: HOUSE_PROVIDER_CODE },
    user: { name: publicName },
    date: round.created_at,
  };
  return [
    { ...base, type: 'bet', amount: round.amount },
    { ...base, type: 'win', amount: round.payout },
  ];
}

/**
 * After a real-money round committed: BetPlaced ×2 on the tenant's public
 * channel, BalanceUpdated {wallet} on the player's private channel. A
 * failure is logged and never undoes the round.
 */
export async function publishRound(
  deps: Pick<HouseDeps, 'db' | 'publish' | 'log'>,
  input: { tenant: TenantContext; player: Extract<Actor, { kind: 'user' }>; round: HouseRoundView; wallet: WalletView },
): Promise<void> {
  try {
    const channel = [realtimeChannel.tenantPublic(input.tenant.id)];
    const user = await findUserById(deps.db, input.tenant.id, input.player.userId);
    const publicName = betFeedName(input.player.name, user?.settings);
    for (const event of betPlacedEvents(input.round, publicName)) await deps.publish(channel, wireEventName(RealtimeEvent.BetPlaced), event);
  } catch (error) {
    deps.log.warn(`house: BetPlaced of round ${input.round.id} not sent`, error);
  }
  try {
    await deps.publish([realtimeChannel.actorPrivate(input.player.userId)], wireEventName(RealtimeEvent.BalanceUpdated), { wallet: input.wallet });
  } catch (error) {
    deps.log.warn(`house: BalanceUpdated after round ${input.round.id} not sent`, error);
  }
}
