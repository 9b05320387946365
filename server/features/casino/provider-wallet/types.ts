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
  /** The catalogue's `game_id`, when the provider sends it: its `max_multiplier` caps the round's wins. */
  gameId?: string;
}

export interface ProviderWin {
  roundId: string;
  transactionId: string;
  /** Payout in centavos (≥ 0; a 0 win settles a lost round and moves nothing). */
  amount: number;
  /** When given, must name the round's game (title / catalogue id), else the bet is not found. */
  game?: string;
  gameId?: string;
}

export interface ProviderAnswer {
  /** The player's balance after the call, centavos. */
  balance: number;
  /** True when this transaction id had been applied before: nothing moved now. */
  replayed: boolean;
  /** A win above the game's maximum multiplier × stake: recorded, not credited until an operator approves it. */
  held?: true;
}

/** One provider's view of the platform wallet. */
export interface SeamlessWallet {
  balance(player: ProviderPlayer): Promise<{ balance: number }>;
  /**
   * @throws ProviderError: insufficient_funds (422), reference_conflict (409, id reused with another amount or player),
   * player_not_found (404), player_self_excluded / player_blocked (403), round_settled / round_conflict (409).
   */
  bet(player: ProviderPlayer, bet: ProviderBet): Promise<ProviderAnswer>;
  /** Credits a win of a known bet (or holds it above the cap). @throws ProviderError bet_not_found (404), reference_conflict (409). */
  win(player: ProviderPlayer, win: ProviderWin): Promise<ProviderAnswer>;
  /**
   * Reverses the referenced bet or win once. @throws ProviderError transaction_not_found (404), round_settled (409: the
   * stake of a settled round), insufficient_funds (422: a win whose credit the balance no longer holds).
   */
  rollback(player: ProviderPlayer, input: { transactionId: string }): Promise<ProviderAnswer>;
}
