import { and, eq } from 'drizzle-orm';
import type { DocumentView } from '../../../src/contract/documents.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { DocumentsDeps } from './deps.ts';
import { DOCUMENT_MESSAGES } from './messages.ts';
import { toDocumentView } from './present.ts';
import { identityDocuments } from './schema.ts';

/**
 * `POST /documents/cancel/{id}`: the player withdraws a pending document of
 * their own. The row stays (cancelled) for the record; the file, never
 * reviewed, is deleted. The status check is part of the update, so a review
 * landing at the same moment either wins or loses whole.
 * @throws NotFoundError 404 `document_not_found` when the id is not a pending
 * document of this player in this tenant (someone else's looks missing).
 */
export async function cancelDocument(deps: DocumentsDeps, input: { tenantId: number; userId: number; id: number }): Promise<DocumentView> {
  const [row] = await deps.db
    .update(identityDocuments)
    .set({ status: 'cancelled', updatedAt: deps.now() })
    .where(
      and(
        eq(identityDocuments.id, input.id),
        eq(identityDocuments.tenantId, input.tenantId),
        eq(identityDocuments.userId, input.userId),
        eq(identityDocuments.status, 'pending'),
      ),
    )
    .returning();
  if (!row) throw new NotFoundError('document_not_found', { message: DOCUMENT_MESSAGES.notFound });
  await deps.store.remove(input.tenantId, row.file);
  return toDocumentView(row);
}
