/**
 * The live bet feed (spec section 4 "Bet feed", section 9 constants): a
 * `BetPlaced` stake waits for the `BetPlaced` win with the same
 * `transaction`; the pair becomes a processed bet with multiplier = win / bet
 * (0 when the win is 0). The feed keeps the 5 newest.
 */
export const BET_FEED_SIZE = 5;

/** A stake or win waiting for its other half; older halves are dropped past this many. */
export const BET_FEED_PENDING_LIMIT = 200;

export interface ProcessedBet {
  transaction: string;
  game: { title: string; gamecode: string; providercode: string };
  user: { name: string };
  /** Stake, centavos. */
  bet: number;
  /** Payout, centavos (0 on a loss). */
  win: number;
  /** win / bet, 0 when nothing was won. */
  multiplier: number;
  date: string;
  /** Made up by the ambient generator in the browser; never a stored bet. */
  ambient?: true;
}

/**
 * The ambient bet generator (spec: "a fake bet generator runs every 1.5 s,
 * amount 0.4–150 in 60 % of cases, otherwise 500–50000"), amounts in reais.
 * It runs only for a tenant whose site configuration turns `fakeBets` on,
 * which the configuration refuses for an `is_regulated` tenant.
 */
export const AMBIENT_BET = {
  intervalMs: 1500,
  smallShare: 0.6,
  smallCentavos: [40, 15_000],
  largeCentavos: [50_000, 5_000_000],
} as const;
