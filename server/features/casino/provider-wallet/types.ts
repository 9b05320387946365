/**
 * The seamless wallet the platform offers game providers (aggregators):
 * the player's money stays here and the provider calls back for every
 * balance read, stake, payout and cancellation. Amounts are integer
 * centavos. Every money call is idempotent by (provider, transaction id):
 * a replay answers the current balance and moves nothing.
 */
export interface ProviderPlayer {
  tenantId: number;
  userId: number;
}

export interface ProviderBet {
  /** The provider's round (several bets and wins may share one). */
  roundId: string;
  /** The provider's unique id of this movement: the idempotency key. */
  transactionId: string;
  /** Stake in centavos (> 0). */
  amount: number;
  /** Game title shown in the player's bet history (`/wallet/bets`). */
  game: string;
}

export interface ProviderWin {
  roundId: string;
  transactionId: string;
  /** Payout in centavos (≥ 0; a 0 win settles a lost round and moves nothing). */
  amount: number;
  game?: string;
}

export interface ProviderAnswer {
  /** The player's balance after the call, centavos. */
  balance: number;
  /** True when this transaction id had been applied before: nothing moved now. */
  replayed: boolean;
}

/** One provider's view of the platform wallet. */
export interface SeamlessWallet {
  balance(player: ProviderPlayer): Promise<{ balance: number }>;
  /** @throws InsufficientFundsError (422), ReferenceConflictError (409, id reused with another amount or player), NotFoundError (unknown player). */
  bet(player: ProviderPlayer, bet: ProviderBet): Promise<ProviderAnswer>;
  win(player: ProviderPlayer, win: ProviderWin): Promise<ProviderAnswer>;
  /** Refunds a stake once. @throws NotFoundError when no such bet of this player exists. */
  rollback(player: ProviderPlayer, input: { transactionId: string }): Promise<ProviderAnswer>;
}
