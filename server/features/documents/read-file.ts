import { and, eq } from 'drizzle-orm';
import { NotFoundError } from '../../http/errors.ts';
import type { DocumentsDeps } from './deps.ts';
import { DOCUMENT_MESSAGES } from './messages.ts';
import type { IdentityDocumentRow } from './schema.ts';
import { identityDocuments } from './schema.ts';

/**
 * Headers of a served document: its sniffed type, always an attachment
 * (never rendered in the site's origin), never cached by anything but the
 * asker's own browser session, not sniffed again by the browser, and inert
 * if opened anyway (no fetches, no scripts, an opaque origin).
 */
export function documentHeaders(row: Pick<IdentityDocumentRow, 'id' | 'type' | 'mime'>): Record<string, string> {
  const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' }[row.mime];
  return {
    'Content-Type': row.mime,
    'Content-Disposition': `attachment; filename="document-${row.id}-${row.type}.${extension}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * A document's row and bytes: the player's own (`userId`) or, for the
 * operator's review (`userId` null), any of the tenant's. A cancelled
 * document has no file any more.
 * @throws NotFoundError 404 `document_not_found` for another tenant's or
 * player's document, a missing one, or a file no longer on disk.
 */
export async function readDocumentFile(
  deps: DocumentsDeps,
  input: { tenantId: number; userId: number | null; id: number },
): Promise<{ row: IdentityDocumentRow; bytes: Uint8Array }> {
  const notFound = () => new NotFoundError('document_not_found', { message: DOCUMENT_MESSAGES.notFound });
  const [row] = await deps.db
    .select()
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.id, input.id),
        eq(identityDocuments.tenantId, input.tenantId),
        ...(input.userId === null ? [] : [eq(identityDocuments.userId, input.userId)]),
      ),
    );
  if (!row || row.status === 'cancelled') throw notFound();
  const bytes = await deps.store.read(input.tenantId, row.file);
  if (!bytes) throw notFound();
  return { row, bytes };
}
