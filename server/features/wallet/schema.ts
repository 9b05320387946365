import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_TYPES } from '../../../src/contract/wallet.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * One wallet per player, in integer centavos. `balance` is everything the
 * player holds; `balance_withdrawal` is the part of it that may be withdrawn
 * (money deposited or won, not bonus money still under rollover), so
 * 0 ≤ balance_withdrawal ≤ balance always; the CHECKs make the database
 * refuse anything else even if a service were wrong. Only
 * `applyMovement` (movement.ts) changes these figures, always together with a
 * `ledger_entries` row in the same transaction.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    balanceWithdrawal: bigint('balance_withdrawal', { mode: 'bigint' }).notNull().default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_check', sql`${t.balance} >= 0`),
    check('wallets_balance_withdrawal_check', sql`${t.balanceWithdrawal} >= 0 and ${t.balanceWithdrawal} <= ${t.balance}`),
    check('wallets_deposit_count_check', sql`${t.depositCount} >= 0`),
  ],
);

/**
 * The append-only money history: one row per movement, signed `amount`
 * (credits positive) and `withdrawable_delta`, with the balances right after
 * it. For every player Σ amount = wallets.balance and Σ withdrawable_delta =
 * wallets.balance_withdrawal. `reference` is the idempotency key of the
 * movement's origin (Pix txid, game round/transaction id…): unique per
 * tenant and type, so a replayed callback finds the original row instead of
 * moving money twice. Rows are never updated (a trigger in the migration
 * refuses UPDATE); corrections are new rows.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    withdrawableDelta: bigint('withdrawable_delta', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    balanceWithdrawalAfter: bigint('balance_withdrawal_after', { mode: 'bigint' }).notNull(),
    reference: text('reference'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_reference_unique').on(t.tenantId, t.type, t.reference),
    index('ledger_entries_user_idx').on(t.userId, t.id),
    check(
      'ledger_entries_type_check',
      sql`${t.type} in ('deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet', 'sports_bet', 'sports_win', 'sports_refund', 'sports_rollback', 'box_purchase', 'box_sale', 'prize_sale')`,
    ),
    check('ledger_entries_moves_check', sql`${t.amount} <> 0 or ${t.withdrawableDelta} <> 0`),
    check('ledger_entries_after_check', sql`${t.balanceAfter} >= 0 and ${t.balanceWithdrawalAfter} >= 0 and ${t.balanceWithdrawalAfter} <= ${t.balanceAfter}`),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
