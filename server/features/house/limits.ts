/**
 * Stake and payout limits of the house games (the spec is silent; these are
 * the platform's decisions, the same for real money and demo):
 * - minimum bet R$ 0,10 (10 centavos), maximum bet R$ 1.000,00 (100,000);
 * - a round pays at most R$ 100.000,00 (10,000,000 centavos): a larger win
 *   (e.g. R$ 1.000,00 at Limbo 1000×) is cut to the cap.
 */
export const HOUSE_MIN_BET = 10;
export const HOUSE_MAX_BET = 100_000;
export const HOUSE_MAX_PAYOUT = 10_000_000n;

/** Own rounds per page of `GET /house/rounds` (the spec's list size). */
export const HOUSE_ROUNDS_PAGE_SIZE = 24;

/** Display names of the games (ledger `metadata.game`, BetPlaced `game.title`). */
export const HOUSE_GAME_TITLES = { dice: 'Dice', limbo: 'Limbo', plinko: 'Plinko' } as const;
