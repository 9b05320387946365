/**
 * Server-only house-game constants. The stake and payout limits the site
 * also shows live in the contract (`src/contract/house.ts`).
 */

/** Own rounds per page of `GET /house/rounds` (the spec's list size). */
export const HOUSE_ROUNDS_PAGE_SIZE = 24;

/** Display names of the games (ledger `metadata.game`, BetPlaced `game.title`). */
export const HOUSE_GAME_TITLES = { dice: 'Dice', limbo: 'Limbo', plinko: 'Plinko' } as const;
