/** The ledger references of a round: the stake and, when it paid, the payout. */
export const houseBetReference = (roundId: number): string => `house:${roundId}`;
export const houseWinReference = (roundId: number): string => `house:${roundId}:win`;
