import { Hono } from 'hono';
import * as v from 'valibot';
import { SiteFilesQuerySchema } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import type { AppEnv } from '../../http/context.ts';
import { messageLocale } from '../../http/messages.ts';
import { storedImageHeaders } from '../avatars/routes.ts';
import { requireOperator } from '../operator/auth.ts';
import { deleteSiteFile } from './delete.ts';
import { listSiteFiles } from './list.ts';
import { readSiteFile } from './read.ts';
import { uploadSiteFile } from './upload.ts';

export interface SiteFileOperatorDeps {
  db: Db;
}

/**
 * The site's uploaded images (issue 21, src/contract/site-files.ts), under
 * `/operator` (requireOperator: the admin-only `site` area; uploads are
 * audited by name and size, never by their bytes):
 * - `POST /site-files`, the raw image as the body → `{ file }`, 201 stored
 *   now, 200 already there; the body limit is SITE_FILE_MAX_BYTES
 *   (server/http/body-limit.ts);
 * - `GET /site-files?page&pageSize` → `SiteFilePage`, newest first;
 * - `GET /site-files/{name}` → the bytes with the avatars' inert-image
 *   headers, cached by the staff member's browser only (names never change
 *   content, but the file is not public until the site is published);
 * - `DELETE /site-files/{name}` → `{ deleted: name }`; 409 `site_file_in_use`
 *   with `usedBy` while the site still names it.
 */
export function siteFileOperatorRoutes(deps: SiteFileOperatorDeps): Hono<AppEnv> {
  const operator = requireOperator(deps.db);
  return new Hono<AppEnv>()
    .use('/site-files', operator)
    .use('/site-files/*', operator)
    .post('/site-files', async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const declared = c.req.header('content-type') ?? null;
      // The audit keeps what was sent by type and size, never its bytes (whatever Content-Type claimed).
      c.set('auditRequest', { contentType: declared, bytes: bytes.length });
      const who = c.get('operator');
      const { file, created } = await uploadSiteFile(deps.db, {
        tenantId: c.get('tenant').id,
        uploadedBy: who?.kind === 'staff' ? who.staffId : null,
        bytes,
        locale: messageLocale(c.req.header('accept-language')),
      });
      c.set('auditRequest', { contentType: declared, bytes: bytes.length, name: file.name });
      return c.json({ file }, created ? 201 : 200);
    })
    .get('/site-files', async (c) => {
      const { page, pageSize } = v.parse(SiteFilesQuerySchema, { page: c.req.query('page'), pageSize: c.req.query('pageSize') });
      c.header('Cache-Control', 'no-store');
      return c.json(await listSiteFiles(deps.db, { tenantId: c.get('tenant').id, page, pageSize }));
    })
    .get('/site-files/:name', async (c) => {
      const name = c.req.param('name');
      const found = await readSiteFile(deps.db, { tenantId: c.get('tenant').id, name });
      return c.body(new Uint8Array(found.bytes), 200, { ...storedImageHeaders(name, found.contentType), 'Cache-Control': 'private, max-age=31536000, immutable' });
    })
    .delete('/site-files/:name', async (c) => {
      const name = c.req.param('name');
      await deleteSiteFile(deps.db, { tenantId: c.get('tenant').id, name });
      return c.json({ deleted: name });
    });
}
