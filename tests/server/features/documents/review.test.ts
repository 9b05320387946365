import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentsStatus, DocumentView } from '../../../../src/contract/documents.ts';
import { notifications } from '../../../../server/features/notifications/schema.ts';
import { type DocumentsHarness, documentsHarness, FIXTURES, fixture } from './helpers.ts';

let h: DocumentsHarness;
beforeAll(async () => {
  h = await documentsHarness();
});
afterAll(async () => {
  await h.close();
});

type Player = Awaited<ReturnType<DocumentsHarness['player']>>;

async function send(p: Player, type: keyof typeof FIXTURES): Promise<DocumentView> {
  const answer = await h.upload(p, type, await fixture(FIXTURES[type]));
  expect(answer.status).toBe(201);
  return answer.body as unknown as DocumentView;
}

async function notificationsOf(userId: number) {
  return h.db.select().from(notifications).where(and(eq(notifications.userId, userId)));
}

describe('the operator\'s review', () => {
  it('lists the tenant\'s pending documents newest first with who sent them, paged; other statuses on request', async () => {
    const a = await h.player();
    const b = await h.player();
    const elsewhere = await h.player({ tenant: h.sorte });
    const first = await send(a, 'identity_front');
    const second = await send(b, 'selfie');
    await send(elsewhere, 'selfie');
    const listed = await h.operator('GET', '/documents');
    expect(listed.status).toBe(200);
    const docs = listed.body.documents as Array<DocumentView & { user: { id: number } }>;
    expect(docs.map((d) => d.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(docs.every((d) => d.status === 'pending')).toBe(true);
    expect(docs.find((d) => d.id === second.id)?.user.id).toBe(b.userId);
    expect(docs.some((d) => d.user.id === elsewhere.userId)).toBe(false);
    expect(listed.body).toMatchObject({ page: 1, per_page: 50 });
    expect(((await h.operator('GET', '/documents?status=approved')).body.documents as unknown[]).length).toBe(0);
    expect((await h.operator('GET', '/documents?status=bogus')).status).toBe(422);
    expect((await h.operator('GET', '/documents?page=2')).body.documents).toEqual([]);
  });

  it('needs the tenant\'s own key', async () => {
    const res = await h.raw('GET', '/operator/documents', { host: 'platform.internal:4321' });
    expect(res.status).toBe(401);
    const p = await h.player();
    const doc = await send(p, 'selfie');
    // Another tenant's key sees no such document.
    expect((await h.operator('POST', `/documents/${doc.id}/approve`, { tenant: h.sorte })).status).toBe(404);
    expect((await h.raw('GET', `/operator/documents/${doc.id}/file`, { host: 'platform.internal:4321', 'x-operator-key': h.sorte.key })).status).toBe(404);
  });

  it('serves the file to the operator privately', async () => {
    const p = await h.player();
    const doc = await send(p, 'identity_front');
    const res = await h.raw('GET', `/operator/documents/${doc.id}/file`, { host: 'platform.internal:4321', 'x-operator-key': h.local.key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(await fixture(FIXTURES.identity_front));
  });

  it('approves the three identity documents: the player is verified and notified in their language', async () => {
    const p = await h.player({ language: 'en' });
    const docs = [await send(p, 'identity_front'), await send(p, 'identity_back'), await send(p, 'selfie')];
    for (const doc of docs) {
      const approved = await h.operator('POST', `/documents/${doc.id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body.document).toMatchObject({ id: doc.id, status: 'approved', reason: null });
    }
    const status = (await h.call('GET', '/documents/status', { token: p.token })).body as unknown as DocumentsStatus;
    expect(status.verified).toBe(true);
    expect(status.by_type).toEqual({ identity_front: 'approved', identity_back: 'approved', selfie: 'approved' });
    const sent = await notificationsOf(p.userId);
    expect(sent).toHaveLength(3);
    const last = sent.sort((x, y) => x.id - y.id).at(-1)!.notification as { title: { en: string }; message: { en: string; pt: string }; url: string };
    expect(last.title.en).toBe('Document approved');
    expect(last.message.en).toMatch(/verified and withdrawals are open/);
    expect(last.message.pt).toMatch(/saques estão liberados/);
    expect(last.url).toBe('/user/edit/verification');
    // The player reads it in English (the notification list answers in the player's language).
    const listed = await h.call('GET', '/notifications', { token: p.token, lang: 'en' });
    expect(JSON.stringify(listed.body)).toMatch(/Document approved/);
  });

  it('rejects with a reason (required, at most 500 characters); the player sees it and is notified', async () => {
    const p = await h.player();
    const doc = await send(p, 'selfie');
    expect((await h.operator('POST', `/documents/${doc.id}/reject`, { body: {} })).status).toBe(422);
    expect((await h.operator('POST', `/documents/${doc.id}/reject`, { body: { reason: '   ' } })).status).toBe(422);
    expect((await h.operator('POST', `/documents/${doc.id}/reject`, { body: { reason: 'x'.repeat(501) } })).status).toBe(422);
    const rejected = await h.operator('POST', `/documents/${doc.id}/reject`, { body: { reason: 'Foto desfocada' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.document).toMatchObject({ status: 'rejected', reason: 'Foto desfocada' });
    const status = (await h.call('GET', '/documents/status', { token: p.token })).body as unknown as DocumentsStatus;
    expect(status.documents[0]).toMatchObject({ id: doc.id, status: 'rejected', reason: 'Foto desfocada' });
    expect(status.documents[0]?.reviewed_at).toEqual(expect.any(String));
    const [note] = await notificationsOf(p.userId);
    expect((note?.notification as { message: { pt: string } }).message.pt).toMatch(/foi recusado: Foto desfocada/);
    // Rejected: the player may not cancel it any more, but may send a new one.
    expect((await h.call('POST', `/documents/cancel/${doc.id}`, { token: p.token })).status).toBe(404);
    await send(p, 'selfie');
  });

  it('reviews only a pending document: approving twice, rejecting an approved or a cancelled one is 409; a missing one 404', async () => {
    const p = await h.player();
    const doc = await send(p, 'identity_back');
    expect((await h.operator('POST', `/documents/${doc.id}/approve`)).status).toBe(200);
    const again = await h.operator('POST', `/documents/${doc.id}/approve`, { lang: 'pt-BR' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Este documento não está mais pendente de análise.');
    expect((await h.operator('POST', `/documents/${doc.id}/reject`, { body: { reason: 'late' } })).status).toBe(409);
    const cancelled = await send(p, 'selfie');
    await h.call('POST', `/documents/cancel/${cancelled.id}`, { token: p.token });
    expect((await h.operator('POST', `/documents/${cancelled.id}/approve`)).status).toBe(409);
    expect((await h.operator('POST', '/documents/99999999/approve')).status).toBe(404);
    // One notification: the first approval only.
    expect(await notificationsOf(p.userId)).toHaveLength(1);
  });

  it('proof of address is accepted once the player has an address, reviewed like the others, and does not verify', async () => {
    const p = await h.player();
    expect((await h.upload(p, 'proof_of_address', await fixture(FIXTURES.proof_of_address))).status).toBe(422);
    await h.address(p);
    const doc = await send(p, 'proof_of_address');
    expect(doc.mime).toBe('application/pdf');
    expect((await h.operator('POST', `/documents/${doc.id}/approve`)).status).toBe(200);
    const status = (await h.call('GET', '/documents/status', { token: p.token })).body as unknown as DocumentsStatus;
    expect(status).toMatchObject({ has_address: true, verified: false, by_type: { proof_of_address: 'approved' } });
  });
});
