import { and, eq } from 'drizzle-orm';
import type { DocumentView } from '../../../src/contract/documents.ts';
import { VERIFICATION_PAGE_PATH } from '../../../src/contract/documents.ts';
import { DomainError, NotFoundError } from '../../http/errors.ts';
import type { LocalizedText } from '../../http/messages.ts';
import { fill } from '../auth/messages.ts';
import { notify } from '../notifications/notify.ts';
import type { DocumentsDeps } from './deps.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPE_NAMES } from './messages.ts';
import { toDocumentView } from './present.ts';
import { type IdentityDocumentRow, identityDocuments } from './schema.ts';
import { isPlayerVerified } from './status.ts';

/** Who reviews through the operator API with the key (a staff member is named `staff:<e-mail>`). */
export const OPERATOR_KEY_REVIEWER = 'operator-key';

export type Review = { decision: 'approved' } | { decision: 'rejected'; reason: string };

/**
 * The operator's decision on a pending document of the tenant. The status
 * check is part of the update, so two reviewers (or the player cancelling)
 * cannot both win. Then the player is notified (type `user`, in Portuguese
 * and English, shown and pushed in the player's language, linking to the
 * verification page); a failed notification is logged and never undoes the
 * review.
 * @throws NotFoundError 404 for another tenant's or a missing document;
 * DomainError 409 `document_not_pending` when it is no longer pending.
 */
export async function reviewDocument(deps: DocumentsDeps, input: { tenantId: number; id: number; review: Review; reviewer?: string }): Promise<DocumentView> {
  const at = deps.now();
  const [row] = await deps.db
    .update(identityDocuments)
    .set({
      status: input.review.decision,
      reason: input.review.decision === 'rejected' ? input.review.reason : null,
      reviewedBy: input.reviewer ?? OPERATOR_KEY_REVIEWER,
      reviewedAt: at,
      updatedAt: at,
    })
    .where(and(eq(identityDocuments.id, input.id), eq(identityDocuments.tenantId, input.tenantId), eq(identityDocuments.status, 'pending')))
    .returning();
  if (!row) {
    const [existing] = await deps.db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(and(eq(identityDocuments.id, input.id), eq(identityDocuments.tenantId, input.tenantId)));
    if (!existing) throw new NotFoundError('document_not_found', { message: DOCUMENT_MESSAGES.notFound });
    throw new DomainError('document_not_pending', 409, undefined, { message: DOCUMENT_MESSAGES.notPending });
  }
  await notifyPlayer(deps, row);
  return toDocumentView(row);
}

async function notifyPlayer(deps: DocumentsDeps, row: IdentityDocumentRow): Promise<void> {
  const type = DOCUMENT_TYPE_NAMES[row.type];
  const both = (template: LocalizedText, vars: (locale: 'pt' | 'en') => Record<string, string>): LocalizedText => ({
    pt: fill(template.pt, vars('pt')),
    en: fill(template.en, vars('en')),
  });
  let title: LocalizedText;
  let message: LocalizedText;
  if (row.status === 'approved') {
    const verified = await isPlayerVerified(deps.db, row.tenantId, row.userId);
    title = DOCUMENT_MESSAGES.approvedTitle;
    message = both(verified ? DOCUMENT_MESSAGES.verifiedMessage : DOCUMENT_MESSAGES.approvedMessage, (l) => ({ type: type[l] }));
  } else {
    title = DOCUMENT_MESSAGES.rejectedTitle;
    message = both(DOCUMENT_MESSAGES.rejectedMessage, (l) => ({ type: type[l], reason: row.reason ?? '' }));
  }
  try {
    await notify(deps.notifications, { tenant: { id: row.tenantId }, userId: row.userId, type: 'user', content: { title, message, url: VERIFICATION_PAGE_PATH } });
  } catch (error) {
    deps.log.warn(`documents: notification of the review of document ${row.id} not sent`, error);
  }
}
