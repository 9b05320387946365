import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The sandbox PSP's own books, kept in the platform's database so they
 * survive a restart as a real PSP's would: what it was paid, what it paid
 * out, and the webhooks it still owes the platform. Global, not per tenant
 * (one PSP account serves the whole platform). Its record of a charge is the
 * platform's `pix_charges` row (same database).
 */

/** One Pix the sandbox received for a charge (`settle`): recorded before the webhook is even tried. */
export const sandboxPayments = pgTable(
  'sandbox_psp_payments',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    txid: text('txid').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payerCpf: text('payer_cpf'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_psp_payments_txid_idx').on(t.txid)],
);

export const SANDBOX_PAYOUT_STATES = ['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'] as const;

/** One payout the sandbox took (`createPayout`, idempotent by `id`) and, once decided, its result. */
export const sandboxPayouts = pgTable(
  'sandbox_psp_payouts',
  {
    id: text('id').primaryKey(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    key: text('key').notNull(),
    keyType: text('key_type', { enum: ['cpf', 'phone', 'email', 'random'] }).notNull(),
    recipientCpf: text('recipient_cpf').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: SANDBOX_PAYOUT_STATES }).notNull().default('EM_PROCESSAMENTO'),
    endToEndId: text('end_to_end_id'),
    reason: text('reason'),
    /** When the sandbox settles it by itself; null = only when asked (`settlePayout`, tests). */
    settleAfter: timestamp('settle_after', { withTimezone: true }),
    /** The result's `horario`. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('sandbox_psp_payouts_status_check', sql`${t.status} in ('EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO')`)],
);

/**
 * A webhook the sandbox owes the platform: `kind` says which endpoint
 * (`pix` → PIX_WEBHOOK_URL, `payouts` → its `/payouts`, resolved at each
 * attempt as a PSP reads the registered URL), `body` the exact JSON signed.
 * Pending until a 2xx answer (`delivered_at`) or the last attempt failed
 * (`abandoned_at`).
 */
export const sandboxDeliveries = pgTable(
  'sandbox_psp_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['pix', 'payouts'] }).notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The last attempt's HTTP status, or why it had none (`timeout`, `connection refused`…). */
    lastResult: text('last_result'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_psp_deliveries_pending_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null and ${t.abandonedAt} is null`)],
);

export type SandboxDeliveryKind = (typeof sandboxDeliveries.$inferSelect)['kind'];
