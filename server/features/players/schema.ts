import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PLAYER_NOTE_MAX } from '../../../src/contract/backoffice.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Staff notes on a player (issue 21), append-only: the platform offers no
 * edit or delete, so a note stays as its author wrote it. The author's staff
 * id and e-mail are copied, as in the audit log (staff accounts are disabled,
 * never deleted); both are null for a note written with the operator key.
 */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorStaffId: integer('author_staff_id'),
    authorEmail: text('author_email'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('player_notes_user_idx').on(t.tenantId, t.userId, t.id),
    check('player_notes_body_check', sql`char_length(${t.body}) between 1 and ${sql.raw(String(PLAYER_NOTE_MAX))}`),
  ],
);

export type PlayerNoteRow = typeof playerNotes.$inferSelect;
