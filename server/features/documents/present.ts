import type { DocumentView } from '../../../src/contract/documents.ts';
import type { IdentityDocumentRow } from './schema.ts';

/** A document as the player and the operator see it (never the stored file name or hash). */
export function toDocumentView(row: IdentityDocumentRow): DocumentView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    mime: row.mime,
    size: row.size,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
