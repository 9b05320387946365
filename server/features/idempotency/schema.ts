import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';

/**
 * One `Idempotency-Key` a caller used on one money call, scoped by tenant,
 * actor (`user:{id}` / `guest:{id}`) and route (`POST /api/…`). The row is
 * inserted at the start of the transaction that moves the money and gets its
 * answer in the same transaction, so a committed movement always has its
 * stored answer and an uncommitted one leaves no row (see server/http/idempotency.ts).
 * `response_body` is the exact JSON text sent, so replays are byte-identical.
 * Rows older than 24 hours no longer count and are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the canonical JSON of the validated request. */
    requestHash: text('request_hash').notNull(),
    /** Null only inside the claiming transaction, never once committed. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.actor, t.route, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
