import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentsStatus, DocumentView } from '../../../../src/contract/documents.ts';
import { DOCUMENT_MAX_BYTES } from '../../../../src/contract/documents.ts';
import { type DocumentsHarness, documentsHarness, FIXTURES, fixture } from './helpers.ts';

let h: DocumentsHarness;
beforeAll(async () => {
  h = await documentsHarness();
});
afterAll(async () => {
  await h.close();
});

describe('POST /documents/upload, GET /documents/status', () => {
  it('stores a JPEG, a PNG and a PDF as pending, typed by their bytes, in the tenant\'s private folder', async () => {
    const p = await h.player();
    await h.address(p);
    for (const type of ['identity_front', 'identity_back', 'proof_of_address'] as const) {
      // The name and Content-Type lie: only the bytes count.
      const answer = await h.upload(p, type, await fixture(FIXTURES[type]), { name: 'x.gif', contentType: 'image/gif' });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ type, status: 'pending', reason: null, reviewed_at: null });
    }
    const status = await h.call('GET', '/documents/status', { token: p.token });
    expect(status.status).toBe(200);
    const body = status.body as unknown as DocumentsStatus;
    expect(body.documents.map((d) => d.mime).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(body.by_type).toEqual({ identity_front: 'pending', identity_back: 'pending', proof_of_address: 'pending' });
    expect(body).toMatchObject({ required: true, verified: false, has_address: true });
    const files = await readdir(join(h.dataDir, 'documents', String(h.local.id)));
    expect(files).toHaveLength(3);
    for (const file of files) {
      expect(file).toMatch(/^[0-9a-f]{32}$/);
      expect((await stat(join(h.dataDir, 'documents', String(h.local.id), file))).mode & 0o777).toBe(0o600);
    }
  });

  it('answers no-store and needs a logged-in player', async () => {
    const p = await h.player();
    const res = await h.raw('GET', '/documents/status', { host: 'localhost', authorization: `Bearer ${p.token}` });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await h.call('GET', '/documents/status')).status).toBe(401);
    expect((await h.upload({ token: 'nope', tenant: h.local }, 'selfie', await fixture(FIXTURES.selfie))).status).toBe(401);
  });

  it('a new upload of a type supersedes its pending one (one file per type waits for review)', async () => {
    const p = await h.player();
    const first = (await h.upload(p, 'selfie', await fixture(FIXTURES.selfie))).body as unknown as DocumentView;
    const second = (await h.upload(p, 'selfie', await fixture(FIXTURES.identity_front))).body as unknown as DocumentView;
    const status = (await h.call('GET', '/documents/status', { token: p.token })).body as unknown as DocumentsStatus;
    expect(status.documents.find((d) => d.id === first.id)?.status).toBe('cancelled');
    expect(status.documents.find((d) => d.id === second.id)?.status).toBe('pending');
    expect((await h.raw('GET', `/documents/${first.id}/file`, { host: 'localhost', authorization: `Bearer ${p.token}` })).status).toBe(404);
  });

  it('refuses an unknown type, a missing, empty or oversized file, and proof of address without an address, in the caller\'s language', async () => {
    const p = await h.player();
    const jpeg = await fixture(FIXTURES.selfie);
    const badType = await h.upload(p, 'passport', jpeg);
    expect(badType.status).toBe(422);
    expect((badType.body.errors as Record<string, string[]>).type?.[0]).toMatch(/Invalid document type/);
    const missing = await h.upload(p, 'selfie', null, { lang: 'pt-BR' });
    expect(missing.status).toBe(422);
    expect((missing.body.errors as Record<string, string[]>).document?.[0]).toMatch(/Envie o arquivo/);
    const empty = await h.upload(p, 'selfie', new Uint8Array(0));
    expect(empty.status).toBe(422);
    expect((empty.body.errors as Record<string, string[]>).document?.[0]).toMatch(/empty/);
    // Just over the limit: the route's own check (413 with the document's message).
    const over = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    over.set(jpeg);
    const tooLarge = await h.upload(p, 'selfie', over, { lang: 'pt-BR' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/no máximo 8 MB/);
    // Far over: the body limit stops it before the route reads it, with the same message.
    const huge = await h.upload(p, 'selfie', new Uint8Array(DOCUMENT_MAX_BYTES + 200 * 1024), { lang: 'en' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/at most 8 MB/);
    const noAddress = await h.upload(p, 'proof_of_address', await fixture(FIXTURES.proof_of_address));
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.message).toMatch(/Add your address under Personal data/);
    expect(((await h.call('GET', '/documents/status', { token: p.token })).body as unknown as DocumentsStatus).has_address).toBe(false);
  });

  it('refuses a GIF, an HTML page and a PDF with JavaScript with a clear message', async () => {
    const p = await h.player();
    const gif = await h.upload(p, 'selfie', new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), { contentType: 'image/jpeg', name: 'selfie.jpg' });
    expect(gif.status).toBe(422);
    expect((gif.body.errors as Record<string, string[]>).document?.[0]).toMatch(/JPEG or PNG photo, or a PDF/);
    const html = await h.upload(p, 'selfie', new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(422);
    const js = await h.upload(p, 'identity_front', new TextEncoder().encode('%PDF-1.4\n1 0 obj <</OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj\n%%EOF\n'), { lang: 'pt' });
    expect(js.status).toBe(422);
    expect((js.body.errors as Record<string, string[]>).document?.[0]).toMatch(/scripts, ações automáticas/);
  });
});

describe('the file and cancelling', () => {
  it('serves the owner\'s file privately, as an attachment, with its sniffed type', async () => {
    const p = await h.player();
    const bytes = await fixture(FIXTURES.identity_back);
    const doc = (await h.upload(p, 'identity_back', bytes)).body as unknown as DocumentView;
    const res = await h.raw('GET', `/documents/${doc.id}/file`, { host: 'localhost', authorization: `Bearer ${p.token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="document-\d+-identity_back\.png"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('another player\'s document id answers 404 on the file and on cancel, and so does another tenant\'s', async () => {
    const owner = await h.player();
    const other = await h.player();
    const elsewhere = await h.player({ tenant: h.sorte });
    const doc = (await h.upload(owner, 'selfie', await fixture(FIXTURES.selfie))).body as unknown as DocumentView;
    for (const intruder of [other, elsewhere]) {
      const file = await h.raw('GET', `/documents/${doc.id}/file`, { host: intruder.tenant.host, authorization: `Bearer ${intruder.token}` });
      expect(file.status).toBe(404);
      expect((await h.call('POST', `/documents/cancel/${doc.id}`, { token: intruder.token, host: intruder.tenant.host })).status).toBe(404);
    }
    // The owner's token on another tenant's host is no session there.
    expect((await h.call('GET', '/documents/status', { token: owner.token, host: 'sorte.localhost' })).status).toBe(401);
    expect((await h.call('POST', '/documents/cancel/abc', { token: owner.token })).status).toBe(404);
    expect((await h.raw('GET', '/documents/99999999999/file', { host: 'localhost', authorization: `Bearer ${owner.token}` })).status).toBe(404);
    // Still there, still pending.
    const status = (await h.call('GET', '/documents/status', { token: owner.token })).body as unknown as DocumentsStatus;
    expect(status.by_type.selfie).toBe('pending');
  });

  it('cancels the player\'s own pending document: kept on record, file deleted; a second cancel is 404', async () => {
    const p = await h.player();
    const doc = (await h.upload(p, 'identity_front', await fixture(FIXTURES.identity_front))).body as unknown as DocumentView;
    const cancelled = await h.call('POST', `/documents/cancel/${doc.id}`, { token: p.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: doc.id, status: 'cancelled' });
    expect((await h.call('POST', `/documents/cancel/${doc.id}`, { token: p.token })).status).toBe(404);
    expect((await h.raw('GET', `/documents/${doc.id}/file`, { host: 'localhost', authorization: `Bearer ${p.token}` })).status).toBe(404);
    const status = (await h.call('GET', '/documents/status', { token: p.token })).body as unknown as DocumentsStatus;
    expect(status.documents.map((d) => d.status)).toEqual(['cancelled']);
    expect(status.by_type).toEqual({});
  });
});
