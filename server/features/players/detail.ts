import { and, count, desc, eq, sum } from 'drizzle-orm';
import type { LedgerLineView, PlayerDetailView } from '../../../src/contract/backoffice.ts';
import type { DocumentView } from '../../../src/contract/documents.ts';
import type { WithdrawalStatusCode } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { toDocumentView } from '../documents/present.ts';
import { identityDocuments } from '../documents/schema.ts';
import { users } from '../users/schema.ts';
import { ledgerEntries } from '../wallet/schema.ts';
import { withdrawals } from '../withdrawals/schema.ts';
import { playerLimits } from './limits.ts';
import { PLAYER_MESSAGES } from './messages.ts';
import { latestNotes } from './notes.ts';
import { latestRounds } from './rounds.ts';
import { selectPlayerRows, toPlayerRow } from './row.ts';
import { playerSessions } from './sessions.ts';

/** Movements the detail shows; older ones are in the transactions export. */
export const DETAIL_LEDGER_LINES = 50;

interface Who {
  tenantId: number;
  userId: number;
}

async function latestLedger(db: Db, who: Who): Promise<LedgerLineView[]> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, who.tenantId), eq(ledgerEntries.userId, who.userId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(DETAIL_LEDGER_LINES);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    amount: Number(r.amount),
    withdrawableDelta: Number(r.withdrawableDelta),
    balanceAfter: Number(r.balanceAfter),
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function withdrawalsByStatus(db: Db, who: Who): Promise<PlayerDetailView['withdrawals']> {
  const rows = await db
    .select({ status: withdrawals.status, count: count(), amount: sum(withdrawals.amount) })
    .from(withdrawals)
    .where(and(eq(withdrawals.tenantId, who.tenantId), eq(withdrawals.userId, who.userId)))
    .groupBy(withdrawals.status)
    .orderBy(withdrawals.status);
  // The CHECK constraint keeps status within the specification's codes.
  return rows.map((r) => ({ status: r.status as WithdrawalStatusCode, count: r.count, amount: Number(r.amount ?? 0) }));
}

/** Documents the detail shows; the review itself is on the documents screen. */
export const DETAIL_DOCUMENTS = 20;

async function playerDocuments(db: Db, who: Who): Promise<DocumentView[]> {
  const rows = await db
    .select()
    .from(identityDocuments)
    .where(and(eq(identityDocuments.tenantId, who.tenantId), eq(identityDocuments.userId, who.userId)))
    .orderBy(desc(identityDocuments.createdAt), desc(identityDocuments.id))
    .limit(DETAIL_DOCUMENTS);
  return rows.map(toDocumentView);
}

/**
 * `GET /api/operator/players/{id}`: the player's row, latest movements,
 * withdrawals by status, responsible-gaming limits, staff notes, logins,
 * latest bets and identity documents (each list bounded).
 *
 * @throws NotFoundError (404) when no player `id` exists on the tenant (another tenant's player included).
 */
export async function playerDetail(db: Db, input: { tenantId: number; id: number; now: Date }): Promise<PlayerDetailView> {
  const [row] = await selectPlayerRows(db).where(and(eq(users.tenantId, input.tenantId), eq(users.id, input.id)));
  if (!row) throw new NotFoundError('player_not_found', { message: PLAYER_MESSAGES.notFound });
  const who = { tenantId: input.tenantId, userId: row.id };
  const [ledger, byStatus, limits, notes, sessions, rounds, documents] = await Promise.all([
    latestLedger(db, who),
    withdrawalsByStatus(db, who),
    playerLimits(db, who, input.now),
    latestNotes(db, who),
    playerSessions(db, who, input.now),
    latestRounds(db, who),
    playerDocuments(db, who),
  ]);
  return { ...toPlayerRow(row, input.now), ledger, withdrawals: byStatus, limits, notes, sessions, rounds, documents };
}
