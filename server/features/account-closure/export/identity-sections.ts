import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/open.ts';
import { barredChecks } from '../../barred/schema.ts';
import { identityDocuments } from '../../documents/schema.ts';
import { EXPORT_PAGE, type ExportRow, type ExportScope, paged } from './sections.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Identity documents the player sent (KYC): what was sent and how it was
 * reviewed — type, sniffed format, size, status, the rejection's reason and
 * the dates. Never the file (the player holds it; the download is a record,
 * not a way to fetch stored identity images), its stored name or hash, nor
 * who reviewed it (a staff member's identity is not the player's data).
 */
export const IDENTITY_DOCUMENTS_SECTION = {
  columns: ['id', 'created_at', 'type', 'format', 'size', 'status', 'reason', 'reviewed_at', 'updated_at'] as const,
  rows: (db: Db, s: ExportScope): AsyncGenerator<ExportRow> =>
    paged(
      (after) =>
        db
          .select({
            id: identityDocuments.id,
            createdAt: identityDocuments.createdAt,
            type: identityDocuments.type,
            mime: identityDocuments.mime,
            size: identityDocuments.size,
            status: identityDocuments.status,
            reason: identityDocuments.reason,
            reviewedAt: identityDocuments.reviewedAt,
            updatedAt: identityDocuments.updatedAt,
          })
          .from(identityDocuments)
          .where(and(eq(identityDocuments.userId, s.userId), eq(identityDocuments.tenantId, s.tenantId), gt(identityDocuments.id, after)))
          .orderBy(asc(identityDocuments.id))
          .limit(EXPORT_PAGE),
      (r) => ({
        id: r.id,
        created_at: iso(r.createdAt),
        type: r.type,
        format: r.mime,
        size: r.size,
        status: r.status,
        reason: r.reason,
        reviewed_at: iso(r.reviewedAt),
        updated_at: iso(r.updatedAt),
      }),
    ),
};

/**
 * The regulator's barred-bettor check (SIGAP) as recorded for the player:
 * when it last ran and why, and a bar's dates and reason (null: never
 * checked, e.g. no CPF yet). One record, like `limits`.
 */
export async function barredCheckOf(db: Db, scope: ExportScope): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(barredChecks)
    .where(and(eq(barredChecks.userId, scope.userId), eq(barredChecks.tenantId, scope.tenantId)));
  if (!row) return null;
  return {
    checked_on: row.checkedOn,
    checked_at: iso(row.checkedAt),
    trigger: row.trigger,
    barred: row.barredAt !== null && row.liftedAt === null,
    barred_at: iso(row.barredAt),
    reason: row.reason,
    closes_at: iso(row.closesAt),
    lifted_at: iso(row.liftedAt),
  };
}
