import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { testApp } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { demoTenant, playerMaker, type Tenant } from '../../helpers/feature-harness.ts';

let tdb: TestDatabase;
let app: Hono;
let local: Tenant;
beforeAll(async () => {
  tdb = await freshDatabase();
  local = await demoTenant(tdb.handle.db, 'localhost');
  app = testApp(tdb.handle.db);
});
afterAll(() => tdb.close());

it('the platform app mounts the operator call under /api/operator and the player calls under /api', async () => {
  const { userId, token } = await playerMaker(tdb.handle.db)(local);

  const sent = await app.request('/api/operator/notifications', {
    method: 'POST',
    headers: { host: local.host, 'x-operator-key': local.key, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, title: 'Olá', message: 'Bem-vinda' }),
  });
  expect(sent.status).toBe(201);

  const listed = await app.request('/api/notifications', { headers: { host: local.host, authorization: `Bearer ${token}` } });
  expect(listed.status).toBe(200);
  const body = (await listed.json()) as { user_notifications: { data: { notification: { title: { pt: string } } }[] }; unread_count: number };
  expect(body.user_notifications.data.map((n) => n.notification.title.pt)).toEqual(['Olá']);
  expect(body.unread_count).toBe(1);
});
