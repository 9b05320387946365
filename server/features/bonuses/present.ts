import { type PlayerBonusView, rolloverProgress } from '../../../src/contract/bonuses.ts';
import type { CouponRow, PlayerBonusRow } from './schema.ts';

/** The API view of a bonus grant; `description` is the coupon code or what the grant's ledger row called it. */
export function toPlayerBonusView(row: PlayerBonusRow, description: string | null = null): PlayerBonusView {
  return {
    id: row.id,
    source: row.source,
    description,
    amount: row.amount,
    winnings: row.winnings,
    rollover_required: row.rolloverRequired,
    rollover_done: Math.min(row.rolloverDone, row.rolloverRequired),
    progress: rolloverProgress(row.rolloverDone, row.rolloverRequired),
    status: row.status,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The operator's view of a coupon (every field, ISO dates). */
export function toOperatorCoupon(row: CouponRow) {
  return {
    code: row.code,
    description: row.description,
    reward: row.reward,
    public: row.public,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_player: row.maxUsesPerPlayer,
    uses: row.uses,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
