import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { demoTenant, playerMaker, type Tenant } from '../../helpers/feature-harness.ts';

let tdb: TestDatabase;
let app: Hono;
let local: Tenant;
let player: ReturnType<typeof playerMaker>;
beforeAll(async () => {
  tdb = await freshDatabase();
  local = await demoTenant(tdb.handle.db, 'localhost');
  player = playerMaker(tdb.handle.db);
  app = testApp(tdb.handle.db);
});
afterAll(() => tdb.close());

it('the platform app mounts the chat under /api and its moderation under /api/operator', async () => {
  const { token } = await player(local);
  const json = { host: 'localhost', 'content-type': 'application/json' };

  const sent = await app.request('/api/chat/messages', { method: 'POST', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ text: 'Olá' }) });
  expect(sent.status).toBe(201);
  const { message } = (await sent.json()) as { message: { id: number } };

  const listed = await app.request('/api/chat/messages?limit=50', { headers: { host: 'localhost', 'guest-id': 'guest-abcdef123456' } });
  expect(((await listed.json()) as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(['Olá']);

  const deleted = await app.request(`/api/operator/chat/messages/${message.id}`, { method: 'DELETE', headers: { ...json, 'x-operator-key': local.key } });
  expect(deleted.status).toBe(200);
  const after = await app.request('/api/chat/messages', { headers: { host: 'localhost' } });
  expect(((await after.json()) as { messages: unknown[] }).messages).toEqual([]);
});

it('stores uploads in DATA_DIR/chat-images and answers URLs under an absolute PUBLIC_API_URL that POST /chat/messages accepts', async () => {
  const db = tdb.handle.db;
  const dataDir = await mkdtemp(join(tmpdir(), 'chat-wiring-'));
  try {
    const absolute = testApp(db, { env: { DATA_DIR: dataDir, PUBLIC_API_URL: 'https://api.example.com/api' } });
    const { token } = await player(local);
    const form = new FormData();
    form.set('image', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'a.png'));
    const uploaded = await absolute.request('/api/chat/attachments', { method: 'POST', headers: { host: 'localhost', authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const attachment = (await uploaded.json()) as { attachment_type: string; attachment_url: string };
    expect(attachment.attachment_url).toMatch(/^https:\/\/api\.example\.com\/api\/chat\/attachments\/[0-9a-f]{32}\.png$/);
    const file = attachment.attachment_url.split('/').at(-1)!;
    expect(await readdir(join(dataDir, 'chat-images'))).toEqual([file]);

    const served = await absolute.request(`/api/chat/attachments/${file}`, { headers: { host: 'localhost' } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const sent = await absolute.request('/api/chat/messages', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: '', attachments: [attachment] }),
    });
    expect(sent.status).toBe(201);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
