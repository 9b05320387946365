import { Hono } from 'hono';
import * as v from 'valibot';
import { requireUser } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { messageLocale } from '../../http/messages.ts';
import { userActor } from '../auth/routes.ts';
import { cancelDocument } from './cancel-document.ts';
import type { DocumentsDeps } from './deps.ts';
import { DOCUMENT_MESSAGES } from './messages.ts';
import { documentHeaders, readDocumentFile } from './read-file.ts';
import { documentsStatus } from './status.ts';
import { DOCUMENT_FIELD, DOCUMENT_TYPE_FIELD, uploadDocument } from './upload-document.ts';

/** A document id in a path: a positive integer; anything else is a missing document. */
export const DocumentIdParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), v.maxValue(2_147_483_647));

/** The id of `raw`, or 404 (a malformed id names no document). */
export function documentId(raw: string): number {
  const parsed = v.safeParse(DocumentIdParam, raw);
  if (!parsed.success) throw new NotFoundError('document_not_found', { message: DOCUMENT_MESSAGES.notFound });
  return parsed.output;
}

/**
 * The player's identity-document calls (issue 17, src/contract/documents.ts),
 * under `/api` behind the tenant and actor middleware; every one needs a
 * logged-in player and answers `no-store`. The body limit of the upload is
 * set in server/http/body-limit.ts (the file limit plus the envelope).
 */
export function documentRoutes(deps: DocumentsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use('/documents/*', requireUser)
    .use('/documents/*', async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    })
    .post('/documents/upload', async (c) => {
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new BadRequestError('invalid_multipart');
      }
      const view = await uploadDocument(deps, {
        tenant: c.get('tenant'),
        userId: userActor(c.get('actor')).userId,
        locale: messageLocale(c.req.header('accept-language')),
        type: form.get(DOCUMENT_TYPE_FIELD),
        file: form.get(DOCUMENT_FIELD),
      });
      return c.json(view, 201);
    })
    .get('/documents/status', async (c) => c.json(await documentsStatus(deps.db, c.get('tenant'), userActor(c.get('actor')).userId)))
    .post('/documents/cancel/:id', async (c) =>
      c.json(await cancelDocument(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, id: documentId(c.req.param('id')) })),
    )
    .get('/documents/:id/file', async (c) => {
      const { row, bytes } = await readDocumentFile(deps, { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId, id: documentId(c.req.param('id')) });
      return c.body(new Uint8Array(bytes), 200, documentHeaders(row));
    });
}
