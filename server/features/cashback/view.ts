import type { CashbackItemView } from '../../../src/contract/cashback.ts';
import { CLAIMS_PER_TYPE, claimsAvailable, nextClaimAmount } from '../../../src/lib/cashback/windows.ts';
import type { CashbackItemRow } from './schema.ts';

/** The API view of an item at `now`: what it holds and what the windows let the player claim. */
export function toCashbackView(row: CashbackItemRow, now: Date): CashbackItemView {
  const base = { type: row.type, amount: row.amount, claimed: row.claimed, claimed_amount: row.claimedAmount };
  return {
    id: row.id,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    losses: row.losses,
    amount: row.amount,
    type: row.type,
    available_at: row.availableAt.toISOString(),
    claimed: row.claimed,
    claimed_amount: row.claimedAmount,
    claims_total: CLAIMS_PER_TYPE[row.type],
    claims_available: claimsAvailable({ type: row.type, available_at: row.availableAt, claimed: row.claimed }, now),
    next_claim_amount: nextClaimAmount(base),
  };
}
