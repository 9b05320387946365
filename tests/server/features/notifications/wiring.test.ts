import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createTenant } from '../../../../server/features/tenants/create-tenant.ts';
import { demoOperatorKey, demoTenants } from '../../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { testApp } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';

let tdb: TestDatabase;
let app: Hono;
let tenantId: number;
beforeAll(async () => {
  tdb = await freshDatabase();
  tenantId = (await createTenant(tdb.handle.db, demoTenants().find((t) => t.domain === 'localhost')!))!.id;
  app = testApp(tdb.handle.db);
});
afterAll(() => tdb.close());

it('the platform app mounts the operator call under /api/operator and the player calls under /api', async () => {
  const db = tdb.handle.db;
  const tenant = demoTenants().find((t) => t.domain === 'localhost')!;
  const [row] = await db.insert(users).values({ tenantId, name: 'Ana Souza', username: '+5511999990000' }).returning({ id: users.id, tenantId: users.tenantId });
  const { token } = await issueAccessToken(db, { userId: row!.id, tenantId: row!.tenantId });

  const sent = await app.request('/api/operator/notifications', {
    method: 'POST',
    headers: { host: tenant.domain, 'x-operator-key': demoOperatorKey(tenant.domain), 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: row!.id, title: 'Olá', message: 'Bem-vinda' }),
  });
  expect(sent.status).toBe(201);

  const listed = await app.request('/api/notifications', { headers: { host: tenant.domain, authorization: `Bearer ${token}` } });
  expect(listed.status).toBe(200);
  const body = (await listed.json()) as { user_notifications: { data: { notification: { title: { pt: string } } }[] }; unread_count: number };
  expect(body.user_notifications.data.map((n) => n.notification.title.pt)).toEqual(['Olá']);
  expect(body.unread_count).toBe(1);
});
