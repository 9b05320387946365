import { Hono } from 'hono';
import * as v from 'valibot';
import { DOCUMENT_REASON_MAX, DOCUMENT_STATUSES } from '../../../src/contract/documents.ts';
import { PageQuerySchema } from '../../../src/contract/wallet.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { operatorName, requireOperator } from '../operator/auth.ts';
import type { DocumentsDeps } from './deps.ts';
import { listTenantDocuments } from './list-documents.ts';
import { documentHeaders, readDocumentFile } from './read-file.ts';
import { reviewDocument } from './review-document.ts';
import { documentId } from './routes.ts';

const ListQuery = v.object({
  status: v.optional(v.picklist(DOCUMENT_STATUSES, `must be one of ${DOCUMENT_STATUSES.join(', ')}`), 'pending'),
  ...PageQuerySchema.entries,
});
const RejectBody = v.object({
  reason: v.pipe(
    v.string('is required'),
    v.trim(),
    v.minLength(1, 'is required'),
    v.maxLength(DOCUMENT_REASON_MAX, `must be at most ${DOCUMENT_REASON_MAX} characters`),
  ),
});

/**
 * The operator's review of identity documents (issue 17), under
 * `/operator/documents` behind `requireOperator` (only the key's own
 * tenant; another tenant's document answers 404 like a missing one): list by
 * status (default pending, newest first, paged), the file (same private
 * headers as the player's), approve, reject with a reason (required, at most
 * DOCUMENT_REASON_MAX characters). Only a pending document can be reviewed
 * (else 409); the player is notified.
 */
export function documentOperatorRoutes(deps: DocumentsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use('/documents', requireOperator(deps.db))
    .use('/documents/*', requireOperator(deps.db))
    .use('/documents/*', async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    })
    .get('/documents', async (c) => {
      c.header('Cache-Control', 'no-store');
      const q = v.parse(ListQuery, { status: c.req.query('status'), page: c.req.query('page') });
      return c.json(await listTenantDocuments(deps.db, { tenantId: c.get('tenant').id, status: q.status, page: q.page }));
    })
    .get('/documents/:id/file', async (c) => {
      const { row, bytes } = await readDocumentFile(deps, { tenantId: c.get('tenant').id, userId: null, id: documentId(c.req.param('id')) });
      return c.body(new Uint8Array(bytes), 200, documentHeaders(row));
    })
    .post('/documents/:id/approve', async (c) =>
      c.json({ document: await reviewDocument(deps, { tenantId: c.get('tenant').id, id: documentId(c.req.param('id')), review: { decision: 'approved' }, reviewer: operatorName(c) }) }),
    )
    .post('/documents/:id/reject', async (c) => {
      const id = documentId(c.req.param('id'));
      const { reason } = await readBody(c, RejectBody);
      return c.json({ document: await reviewDocument(deps, { tenantId: c.get('tenant').id, id, review: { decision: 'rejected', reason }, reviewer: operatorName(c) }) });
    });
}
