import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';
import type { WalletRow } from '../wallet/schema.ts';
import { getWallet, toWalletView } from '../wallet/wallet.ts';

export interface SportsEventsDeps {
  db: Db;
  publish: Publish;
  log: Logger;
}

/**
 * After a sportsbook callback moved money: `BalanceUpdated` {wallet} on the
 * player's private channel, so the header balance follows bets placed and
 * settled in the widget. Failures are logged, never undo the money.
 */
export async function publishSportsMovement(deps: SportsEventsDeps, tenantId: number, userId: number, after?: WalletRow): Promise<void> {
  try {
    const wallet = toWalletView(after ?? (await getWallet(deps.db, tenantId, userId)));
    await deps.publish([realtimeChannel.actorPrivate(userId)], wireEventName(RealtimeEvent.BalanceUpdated), { wallet });
  } catch (error) {
    deps.log.warn(`sportsbook: BalanceUpdated of player ${userId} not sent`, error);
  }
}
