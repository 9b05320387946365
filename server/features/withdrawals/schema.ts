import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PIX_KEY_TYPES } from '../../../src/contract/wallet.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** A player may keep at most this many Pix keys to withdraw to. */
export const MAX_WITHDRAW_METHODS = 5;

/**
 * A Pix key a player withdraws to (the specification's "withdraw method").
 * `key` is stored normalised (CPF 11 digits, phone +55…, e-mail lower case,
 * random key lower-case UUID), so (user, key) is unique whatever the player
 * typed. `owner_cpf` and `owner_name` are what the PSP's DICT lookup answered
 * when the key was registered: only keys whose owner CPF was the player's
 * are ever stored. Methods are never deleted (withdrawals point at them).
 */
export const withdrawMethods = pgTable(
  'withdraw_methods',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PIX_KEY_TYPES }).notNull(),
    key: text('key').notNull(),
    ownerCpf: text('owner_cpf').notNull(),
    ownerName: text('owner_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdraw_methods_user_key_unique').on(t.userId, t.key),
    check('withdraw_methods_type_check', sql`${t.type} in ('cpf', 'phone', 'email', 'random')`),
    check('withdraw_methods_owner_cpf_check', sql`${t.ownerCpf} ~ '^[0-9]{11}$'`),
  ],
);

/**
 * One withdrawal. Its funds are reserved when it is made (a `withdraw`
 * ledger debit, reference `withdrawal:{id}`) and given back at most once
 * (a `withdraw` credit, reference `withdrawal-release:{id}`) when it is
 * cancelled, rejected or the key turns out invalid. Status codes are the
 * specification's (src/contract/wallet.ts WithdrawalStatus); every change
 * happens under this row's lock.
 *
 * - `payout_id`: our `idEnvio` at the PSP, unique: the payout webhook finds
 *   the withdrawal by it, and resending it never pays twice.
 * - `dispatch_attempted_at`: set (and committed) just before the payout
 *   request leaves for the PSP. While set, the player can no longer cancel:
 *   the PSP may already hold the payout even if its answer was lost. It is
 *   cleared only when the PSP says it does not know the payout. On a
 *   processing (4) withdrawal it is when the PSP was last asked about it.
 * - `reviewed_at`: when an operator approved a withdrawal under review; an
 *   approved withdrawal skips the hold period.
 * - `note`: the PSP's `motivo` of a failed payout, or the operator's reason
 *   for a rejection.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    methodId: integer('method_id')
      .notNull()
      .references(() => withdrawMethods.id, { onDelete: 'no action' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: smallint('status').notNull(),
    reason: text('reason'),
    note: text('note'),
    payoutId: text('payout_id').notNull(),
    endToEndId: text('end_to_end_id'),
    dispatchAttemptedAt: timestamp('dispatch_attempted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('withdrawals_payout_id_unique').on(t.payoutId),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    index('withdrawals_tenant_status_idx').on(t.tenantId, t.status, t.id),
    check('withdrawals_amount_check', sql`${t.amount} > 0`),
    check('withdrawals_status_check', sql`${t.status} between 0 and 5`),
  ],
);

export type WithdrawMethodRow = typeof withdrawMethods.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
