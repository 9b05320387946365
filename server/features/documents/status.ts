import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  type DocumentStatus,
  type DocumentsStatus,
  type DocumentType,
  VERIFYING_DOCUMENT_TYPES,
} from '../../../src/contract/documents.ts';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import { playerAddresses } from '../address/schema.ts';
import { toDocumentView } from './present.ts';
import { identityDocuments } from './schema.ts';

/** Per type, the status of the latest document that is not cancelled (rows come newest first). */
function latestByType(rows: ReadonlyArray<{ type: DocumentType; status: DocumentStatus }>): Partial<Record<DocumentType, DocumentStatus>> {
  const byType: Partial<Record<DocumentType, DocumentStatus>> = {};
  for (const row of rows) if (row.status !== 'cancelled' && !(row.type in byType)) byType[row.type] = row.status;
  return byType;
}

/**
 * True when identity front, identity back and selfie each have an approved
 * document. Any approved one counts, not only the latest: a player who sends
 * a type again (a renewed ID) stays verified while the new one waits.
 */
function isVerified(rows: ReadonlyArray<{ type: DocumentType; status: DocumentStatus }>): boolean {
  return VERIFYING_DOCUMENT_TYPES.every((type) => rows.some((row) => row.type === type && row.status === 'approved'));
}

/** True when the player has a postal address (`POST /address/create`), which proof of address needs. */
export async function hasAddress(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: playerAddresses.userId })
    .from(playerAddresses)
    .where(and(eq(playerAddresses.userId, userId), eq(playerAddresses.tenantId, tenantId)));
  return row !== undefined;
}

/** True when the player is verified (see isVerified): what withdrawals wait for while the tenant's `kyc` is on. */
export async function isPlayerVerified(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ type: identityDocuments.type, status: identityDocuments.status })
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.tenantId, tenantId),
        eq(identityDocuments.userId, userId),
        inArray(identityDocuments.type, [...VERIFYING_DOCUMENT_TYPES]),
        eq(identityDocuments.status, 'approved'),
      ),
    );
  return isVerified(rows);
}

/** `GET /documents/status`: the player's documents (newest first) and where verification stands. */
export async function documentsStatus(db: Db, tenant: TenantContext, userId: number): Promise<DocumentsStatus> {
  const rows = await db
    .select()
    .from(identityDocuments)
    .where(and(eq(identityDocuments.tenantId, tenant.id), eq(identityDocuments.userId, userId)))
    .orderBy(desc(identityDocuments.createdAt), desc(identityDocuments.id));
  const byType = latestByType(rows);
  return {
    documents: rows.map(toDocumentView),
    by_type: byType,
    required: tenant.config.kyc,
    verified: isVerified(rows),
    has_address: await hasAddress(db, tenant.id, userId),
  };
}
