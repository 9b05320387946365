import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/** Platform states of a Pix deposit charge; `expired` is never stored, it is `waiting_payment` past `expires_at`. */
export const CHARGE_STATES = ['waiting_payment', 'paid', 'refunded'] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

/**
 * One Pix deposit charge (the standard's `cob`), made by
 * `POST /main-gateway/qrcode-pix`. The webhook looks the charge up by `txid`
 * (unique across tenants: PSP txids are global) and moves it out of
 * `waiting_payment` exactly once, under a row lock: to `paid` (the deposit is
 * credited with reference = `end_to_end_id`) or to `refunded` (payer CPF not
 * the player's, or paid after `expires_at`; `refund_reason` says which). The
 * sandbox PSP reads the same row as its own record of the charge.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    txid: text('txid').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: CHARGE_STATES }).notNull().default('waiting_payment'),
    /** The CPF the payment must come from (the player's, at creation). */
    payerCpf: text('payer_cpf').notNull(),
    pixCopiaECola: text('pix_copia_e_cola').notNull(),
    location: text('location').notNull(),
    endToEndId: text('end_to_end_id'),
    refundReason: text('refund_reason'),
    /** Id of the PSP's devolução, once asked for. */
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pix_charges_txid_unique').on(t.txid),
    uniqueIndex('pix_charges_e2e_unique').on(t.endToEndId),
    index('pix_charges_user_idx').on(t.userId, t.id),
    check('pix_charges_amount_check', sql`${t.amount} > 0`),
    check('pix_charges_status_check', sql`${t.status} in ('waiting_payment', 'paid', 'refunded')`),
  ],
);

export type PixChargeRow = typeof pixCharges.$inferSelect;

// The sandbox PSP's own tables live with it; drizzle-kit reads feature-level schema files only.
export * from './sandbox/schema.ts';
