import { and, desc, eq } from 'drizzle-orm';
import type { PlayerNoteView } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';
import type { OperatorPrincipal } from '../../http/context.ts';
import { NotFoundError } from '../../http/errors.ts';
import { users } from '../users/schema.ts';
import { type PlayerNoteRow, playerNotes } from './schema.ts';

/** Notes the detail shows. */
export const DETAIL_NOTES = 50;

function toNoteView(row: PlayerNoteRow): PlayerNoteView {
  return { id: row.id, body: row.body, authorStaffId: row.authorStaffId, authorEmail: row.authorEmail, createdAt: row.createdAt.toISOString() };
}

/**
 * `POST /api/operator/players/{id}/notes`: appends `body` (already validated)
 * to the player's notes, signed by `author` (the operator key signs nothing).
 * @throws NotFoundError (404) when no player `userId` exists on the tenant.
 */
export async function addPlayerNote(db: Db, input: { tenantId: number; userId: number; author: OperatorPrincipal; body: string }): Promise<PlayerNoteView> {
  const [player] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, input.tenantId), eq(users.id, input.userId)));
  if (!player) throw new NotFoundError('player_not_found');
  const staff = input.author.kind === 'staff' ? input.author : null;
  const [row] = await db
    .insert(playerNotes)
    .values({ tenantId: input.tenantId, userId: player.id, authorStaffId: staff?.staffId ?? null, authorEmail: staff?.email ?? null, body: input.body })
    .returning();
  return toNoteView(row!);
}

/** The player's latest DETAIL_NOTES notes, newest first. */
export async function latestNotes(db: Db, who: { tenantId: number; userId: number }): Promise<PlayerNoteView[]> {
  const rows = await db
    .select()
    .from(playerNotes)
    .where(and(eq(playerNotes.tenantId, who.tenantId), eq(playerNotes.userId, who.userId)))
    .orderBy(desc(playerNotes.id))
    .limit(DETAIL_NOTES);
  return rows.map(toNoteView);
}
