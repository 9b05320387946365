import { Hono } from 'hono';
import * as v from 'valibot';
import { GrantBoxSchema } from '../../../src/contract/boxes.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireOperator } from '../operator/auth.ts';
import type { NotificationsDeps } from '../notifications/deps.ts';
import { getBox, listBoxes } from './catalogue.ts';
import { grantBoxAndNotify } from './grant.ts';
import { deleteBox, parseBoxSlug, patchBox, replaceBoxes, saveBox } from './manage.ts';
import { findUserBoxView } from './player.ts';
import { toOperatorBoxView } from './present.ts';

/**
 * The operator's boxes (operator key, the key's own tenant only; `no-store`).
 * Boxes can be set up while `hasBoxes` is off; granting needs it on.
 * - `GET /operator/boxes` → `{ data }` every box (inactive too) with its prizes;
 * - `PUT /operator/boxes {boxes}` → the whole list (unlisted: deleted or archived);
 * - `GET|PUT|PATCH|DELETE /operator/boxes/{slug}` (PUT 201 when created; DELETE
 *   → `{ result: 'deleted' | 'archived' }`, archived when players hold it);
 * - `POST /operator/boxes/{slug}/grant {user_id, source?}` → `{ box }` (the
 *   player's new box; 201, or 200 when nothing new), notified live.
 * Writes are validated whole (422 naming the fields, nothing written); prizes'
 * `probability_ppm` must sum to 1 000 000.
 */
export function boxOperatorRoutes(deps: NotificationsDeps): Hono<AppEnv> {
  const { db } = deps;
  const noStore = async (c: { header(name: string, value: string): void }, next: () => Promise<void>) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  const regulated = (c: { get(key: 'tenant'): AppEnv['Variables']['tenant'] }) => c.get('tenant').config.is_regulated;
  return new Hono<AppEnv>()
    .use('/boxes', requireOperator(db), noStore)
    .use('/boxes/*', requireOperator(db), noStore)
    .get('/boxes', async (c) => {
      const list = await listBoxes(db, c.get('tenant').id, { activeOnly: false });
      return c.json({ data: list.map((e) => toOperatorBoxView(e, regulated(c))) });
    })
    .put('/boxes', async (c) => {
      await replaceBoxes(db, c.get('tenant').id, await readBody(c, v.unknown()));
      const list = await listBoxes(db, c.get('tenant').id, { activeOnly: false });
      return c.json({ data: list.map((e) => toOperatorBoxView(e, regulated(c))) });
    })
    .get('/boxes/:slug', async (c) => {
      const entry = await getBox(db, c.get('tenant').id, parseBoxSlug(c.req.param('slug')), { activeOnly: false });
      return c.json({ box: toOperatorBoxView(entry, regulated(c)) });
    })
    .put('/boxes/:slug', async (c) => {
      const { entry, created } = await saveBox(db, c.get('tenant').id, c.req.param('slug'), await readBody(c, v.unknown()));
      return c.json({ box: toOperatorBoxView(entry, regulated(c)) }, created ? 201 : 200);
    })
    .patch('/boxes/:slug', async (c) => {
      const entry = await patchBox(db, c.get('tenant').id, c.req.param('slug'), await readBody(c, v.unknown()));
      return c.json({ box: toOperatorBoxView(entry, regulated(c)) });
    })
    .delete('/boxes/:slug', async (c) => c.json({ result: await deleteBox(db, c.get('tenant').id, c.req.param('slug')) }))
    .post('/boxes/:slug/grant', async (c) => {
      const tenant = c.get('tenant');
      const entry = await getBox(db, tenant.id, parseBoxSlug(c.req.param('slug')), { activeOnly: false });
      const body = await readBody(c, GrantBoxSchema);
      const reference = c.req.header('idempotency-key');
      const granted = await grantBoxAndNotify(deps, {
        tenantId: tenant.id,
        userId: body.user_id,
        boxId: entry.box.id,
        source: body.source,
        sourceRef: `operator:${reference && /^[\x21-\x7e]{1,255}$/.test(reference) ? reference : crypto.randomUUID()}`,
      });
      const view = await findUserBoxView(db, { tenantId: tenant.id, config: tenant.config, userId: body.user_id }, granted.userBox.id);
      return c.json({ box: view }, granted.created ? 201 : 200);
    });
}
