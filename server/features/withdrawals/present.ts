import type { WithdrawalStatusCode, WithdrawalView, WithdrawMethodView } from '../../../src/contract/wallet.ts';
import type { WithdrawalRow, WithdrawMethodRow } from './schema.ts';

export function toMethodView(row: WithdrawMethodRow): WithdrawMethodView {
  return { id: row.id, type: row.type, key: row.key, created_at: row.createdAt.toISOString() };
}

export function toWithdrawalView(row: WithdrawalRow, method: WithdrawMethodRow): WithdrawalView {
  return {
    id: row.id,
    amount: Number(row.amount),
    // The CHECK constraint keeps the column within 0..5.
    status: row.status as WithdrawalStatusCode,
    method: toMethodView(method),
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
