import { and, count, desc, eq } from 'drizzle-orm';
import type { DocumentStatus, DocumentView } from '../../../src/contract/documents.ts';
import type { Db } from '../../db/open.ts';
import { users } from '../users/schema.ts';
import { toDocumentView } from './present.ts';
import { identityDocuments } from './schema.ts';

/** Documents per page of the operator's list. */
export const DOCUMENTS_PAGE_SIZE = 50;

/** A document in the operator's review: the player's view plus who sent it and the file's hash. */
export interface OperatorDocumentView extends DocumentView {
  user: { id: number; name: string; cpf: string | null };
  sha256: string;
  reviewed_by: string | null;
}

export interface OperatorDocumentsPage {
  documents: OperatorDocumentView[];
  page: number;
  per_page: number;
  total: number;
}

/** `GET /operator/documents`: the tenant's documents in `status`, newest first, DOCUMENTS_PAGE_SIZE per page (1-based). */
export async function listTenantDocuments(db: Db, input: { tenantId: number; status: DocumentStatus; page: number }): Promise<OperatorDocumentsPage> {
  const where = and(eq(identityDocuments.tenantId, input.tenantId), eq(identityDocuments.status, input.status));
  const rows = await db
    .select({ doc: identityDocuments, user: { id: users.id, name: users.name, cpf: users.cpf } })
    .from(identityDocuments)
    .innerJoin(users, eq(users.id, identityDocuments.userId))
    .where(where)
    .orderBy(desc(identityDocuments.createdAt), desc(identityDocuments.id))
    .limit(DOCUMENTS_PAGE_SIZE)
    .offset((input.page - 1) * DOCUMENTS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(identityDocuments).where(where);
  return {
    documents: rows.map(({ doc, user }) => ({ ...toDocumentView(doc), user, sha256: doc.sha256, reviewed_by: doc.reviewedBy })),
    page: input.page,
    per_page: DOCUMENTS_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
