import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, type DocumentType, type DocumentView } from '../../../src/contract/documents.ts';
import type { TenantContext } from '../../http/context.ts';
import { DomainError, ValidationError } from '../../http/errors.ts';
import type { MessageLocale } from '../../http/messages.ts';
import type { DocumentsDeps } from './deps.ts';
import { DOCUMENT_MESSAGES } from './messages.ts';
import { toDocumentView } from './present.ts';
import { identityDocuments } from './schema.ts';
import { type DocumentProblem, sniffDocument } from './sniff.ts';
import { hasAddress } from './status.ts';

/** Multipart fields of `POST /documents/upload`. */
export const DOCUMENT_FIELD = 'document';
export const DOCUMENT_TYPE_FIELD = 'type';

const PROBLEM_MESSAGES: Record<DocumentProblem['problem'], keyof typeof DOCUMENT_MESSAGES> = {
  empty: 'empty',
  type: 'type',
  damaged: 'damaged',
  pdf_active: 'pdfActive',
  polyglot: 'polyglot',
  encrypted: 'pdfActive',
};

export interface UploadInput {
  tenant: TenantContext;
  userId: number;
  locale: MessageLocale;
  /** The multipart `type` field as sent. */
  type: unknown;
  /** The multipart `document` field as sent. */
  file: unknown;
}

/**
 * Stores a document the player sends for review (pending). The type is
 * sniffed from the bytes and the file refused unless it is a plain JPEG, PNG
 * or PDF (./sniff.ts); it is written under a random name in the tenant's
 * private folder before the row exists, and removed again if the row cannot
 * be written. A pending document of the same type is superseded (cancelled,
 * its file deleted): the review sees one file per type, and a player holds
 * at most one pending file per type on disk.
 * @throws ValidationError 422 naming `type` (unknown type; proof of address
 * without a postal address) or `document` (missing, empty, not an accepted
 * or safe file); DomainError 413 `document_too_large` past DOCUMENT_MAX_BYTES.
 */
export async function uploadDocument(deps: DocumentsDeps, input: UploadInput): Promise<DocumentView> {
  const text = (key: keyof typeof DOCUMENT_MESSAGES) => DOCUMENT_MESSAGES[key][input.locale];
  if (typeof input.type !== 'string' || !(DOCUMENT_TYPES as readonly string[]).includes(input.type)) {
    throw new ValidationError({ [DOCUMENT_TYPE_FIELD]: [text('documentType')] });
  }
  const type = input.type as DocumentType;
  if (!(input.file instanceof File)) throw new ValidationError({ [DOCUMENT_FIELD]: [text('missing')] });
  if (input.file.size > DOCUMENT_MAX_BYTES) {
    throw new DomainError('document_too_large', 413, { [DOCUMENT_FIELD]: [text('tooLarge')] }, { message: DOCUMENT_MESSAGES.tooLarge });
  }
  if (type === 'proof_of_address' && !(await hasAddress(deps.db, input.tenant.id, input.userId))) {
    throw new DomainError('address_required', 422, { [DOCUMENT_TYPE_FIELD]: [text('addressFirst')] }, { message: DOCUMENT_MESSAGES.addressFirst });
  }
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const sniffed = sniffDocument(bytes);
  if (!sniffed.ok) {
    deps.log.info(`documents: refused ${type} of user ${input.userId} (${sniffed.problem}: ${sniffed.detail})`);
    throw new ValidationError({ [DOCUMENT_FIELD]: [text(PROBLEM_MESSAGES[sniffed.problem])] }, `document_${sniffed.problem}`);
  }

  const file = await deps.store.save(input.tenant.id, bytes);
  const at = deps.now();
  try {
    const { row, superseded } = await deps.db.transaction(async (tx) => {
      const superseded = await tx
        .update(identityDocuments)
        .set({ status: 'cancelled', updatedAt: at })
        .where(
          and(
            eq(identityDocuments.tenantId, input.tenant.id),
            eq(identityDocuments.userId, input.userId),
            eq(identityDocuments.type, type),
            eq(identityDocuments.status, 'pending'),
          ),
        )
        .returning({ file: identityDocuments.file });
      const [row] = await tx
        .insert(identityDocuments)
        .values({
          tenantId: input.tenant.id,
          userId: input.userId,
          type,
          status: 'pending',
          file,
          mime: sniffed.mime,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error('identity_documents insert returned nothing');
      return { row, superseded };
    });
    for (const old of superseded) await deps.store.remove(input.tenant.id, old.file);
    return toDocumentView(row);
  } catch (error) {
    await deps.store.remove(input.tenant.id, file);
    throw error;
  }
}
