/**
 * How much of each active bonus is still in the wallet. Bonus money is the
 * wallet's non-withdrawable part (`balance − balance_withdrawal`, see
 * docs/wallet.md); bets spend it before cash, and the oldest bonus is spent
 * first (bets also count towards the oldest rollover first). So the newest
 * bonuses are the ones still whole: the non-withdrawable part is handed out
 * newest first, each bonus taking at most its own amount plus the winnings
 * kept with it (wins of stakes paid with its money, `player_bonuses.winnings`:
 * docs/rewards.md "Wins of bonus money"). Whatever is beyond that belongs to
 * no bonus (e.g. cashback's non-converted part).
 *
 * @param bonuses the player's active bonuses, any order.
 * @param nonWithdrawable the wallet's `balance − balance_withdrawal` (≥ 0).
 * @returns bonus id → centavos of it still held (0 … amount + winnings).
 */
export function bonusMoneyLeft(bonuses: readonly { id: number; amount: number; winnings?: number; createdAt: Date }[], nonWithdrawable: bigint): Map<number, bigint> {
  const newestFirst = [...bonuses].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  let pool = nonWithdrawable > 0n ? nonWithdrawable : 0n;
  const left = new Map<number, bigint>();
  for (const bonus of newestFirst) {
    const amount = BigInt(bonus.amount) + BigInt(bonus.winnings ?? 0);
    const held = pool < amount ? pool : amount;
    left.set(bonus.id, held);
    pool -= held;
  }
  return left;
}
