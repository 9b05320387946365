import { type BetPlacedEvent, HOUSE_PROVIDER_CODE, type HouseRoundView } from '../../../src/contract/casino.ts';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Actor, TenantContext } from '../../http/context.ts';
import type { HouseDeps } from './deps.ts';
import { HOUSE_GAME_TITLES } from './limits.ts';
import { houseBetReference } from './references.ts';

/** The public name of a player in bet feeds: the first word of their name only. */
export function publicFirstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** The two BetPlaced events of a round: the stake and the payout (amount 0 on a loss), one `transaction`. */
export function betPlacedEvents(round: HouseRoundView, playerName: string): BetPlacedEvent[] {
  const base = {
    transaction: houseBetReference(round.id),
    game: { title: HOUSE_GAME_TITLES[round.game], gamecode: round.game, providercode: HOUSE_PROVIDER_CODE },
    user: { name: publicFirstName(playerName) },
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
  deps: Pick<HouseDeps, 'publish' | 'log'>,
  input: { tenant: TenantContext; player: Extract<Actor, { kind: 'user' }>; round: HouseRoundView; wallet: WalletView },
): Promise<void> {
  try {
    const channel = [realtimeChannel.tenantPublic(input.tenant.config.casino_id)];
    for (const event of betPlacedEvents(input.round, input.player.name)) await deps.publish(channel, wireEventName(RealtimeEvent.BetPlaced), event);
  } catch (error) {
    deps.log.warn(`house: BetPlaced of round ${input.round.id} not sent`, error);
  }
  try {
    await deps.publish([realtimeChannel.actorPrivate(input.player.userId)], wireEventName(RealtimeEvent.BalanceUpdated), { wallet: input.wallet });
  } catch (error) {
    deps.log.warn(`house: BalanceUpdated after round ${input.round.id} not sent`, error);
  }
}
