import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

it('the platform app mounts the chat under /api and its moderation under /api/operator', async () => {
  const db = tdb.handle.db;
  const [row] = await db.insert(users).values({ tenantId, name: 'Ana Souza', username: '+5511999990001' }).returning({ id: users.id });
  const { token } = await issueAccessToken(db, { userId: row!.id, tenantId });
  const json = { host: 'localhost', 'content-type': 'application/json' };

  const sent = await app.request('/api/chat/messages', { method: 'POST', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ text: 'Olá' }) });
  expect(sent.status).toBe(201);
  const { message } = (await sent.json()) as { message: { id: number } };

  const listed = await app.request('/api/chat/messages?limit=50', { headers: { host: 'localhost', 'guest-id': 'guest-abcdef123456' } });
  expect(((await listed.json()) as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(['Olá']);

  const deleted = await app.request(`/api/operator/chat/messages/${message.id}`, { method: 'DELETE', headers: { ...json, 'x-operator-key': demoOperatorKey('localhost') } });
  expect(deleted.status).toBe(200);
  const after = await app.request('/api/chat/messages', { headers: { host: 'localhost' } });
  expect(((await after.json()) as { messages: unknown[] }).messages).toEqual([]);
});
