import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Identity documents a player sends for verification (issue 17, KYC). The
 * file itself lives outside the static tree under `DATA_DIR/documents`,
 * named `file` (random, never the client's name); the row keeps what the
 * review needs. Status moves pending → approved | rejected (by the operator)
 * or pending → cancelled (by the player); rows are never deleted, so the
 * review stays on record.
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['identity_front', 'identity_back', 'selfie', 'proof_of_address'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] }).notNull().default('pending'),
    /** Stored file name under DATA_DIR/documents (random). */
    file: text('file').notNull(),
    /** Sniffed from the bytes: image/jpeg, image/png or application/pdf. */
    mime: text('mime', { enum: ['image/jpeg', 'image/png', 'application/pdf'] }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** sha256 hex of the bytes, for the review and to spot the same file sent twice. */
    sha256: text('sha256').notNull(),
    /** The operator's reason when rejected. */
    reason: text('reason'),
    /** Who reviewed it: `operator-key` for the API key, later a staff account. */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_documents_user_idx').on(t.userId, t.createdAt),
    index('identity_documents_review_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);

export type IdentityDocumentRow = typeof identityDocuments.$inferSelect;
