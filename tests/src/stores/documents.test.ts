// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentsStatus, DocumentView } from '../../../src/contract/documents.ts';
import { fakeApi, USER } from './auth-fake-api.ts';

/** The verification page's documents store: checks before sending, upload, cancel, the platform's refusals. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
});
afterEach(() => vi.unstubAllGlobals());

const doc = (over: Partial<DocumentView>): DocumentView => ({
  id: 1,
  type: 'identity_front',
  status: 'pending',
  mime: 'image/png',
  size: 10,
  reason: null,
  created_at: '2026-01-01T00:00:00Z',
  reviewed_at: null,
  ...over,
});
const status = (documents: DocumentView[], over: Partial<DocumentsStatus> = {}): DocumentsStatus => ({
  documents,
  by_type: Object.fromEntries(documents.filter((d) => d.status !== 'cancelled').map((d) => [d.type, d.status])),
  required: true,
  verified: false,
  has_address: false,
  ...over,
});

describe('documents', () => {
  it('refuses a wrong type or an oversized file before sending', async () => {
    const { calls } = fakeApi({});
    const d = await import('../../../src/stores/documents.ts');
    expect(await d.uploadDocument('selfie', new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(false);
    expect(d.$documentActions.get().selfie).toEqual({ status: 'error', message: { key: 'account.documents.badType' } });
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    expect(await d.uploadDocument('selfie', big)).toBe(false);
    expect(d.$documentActions.get().selfie).toEqual({ status: 'error', message: { key: 'account.documents.tooBig', vars: { max: '8 MB' } } });
    expect(calls).toHaveLength(0);
  });

  it('uploads as multipart document + type, then shows the new status; a pending one can be cancelled', async () => {
    let docs: DocumentView[] = [];
    const { calls } = fakeApi({
      'GET /documents/status': () => ({ json: status(docs) }),
      'POST /documents/upload': () => {
        docs = [doc({ id: 5 })];
        return { status: 201, json: docs[0] };
      },
      'POST /documents/cancel/5': () => {
        docs = [doc({ id: 5, status: 'cancelled' })];
        return { json: docs[0] };
      },
    });
    const d = await import('../../../src/stores/documents.ts');
    await d.loadDocuments();
    expect(await d.uploadDocument('identity_front', new File(['png'], 'front.png', { type: 'image/png' }))).toBe(true);
    const upload = calls.find((c) => c.path === '/documents/upload')!;
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(String(upload.body)).toContain('name="type"');
    expect(String(upload.body)).toContain('identity_front');
    expect(String(upload.body)).toContain('name="document"; filename="front.png"');
    const ready = d.$documents.get();
    expect(ready.status === 'ready' && ready.data.by_type.identity_front).toBe('pending');
    expect(ready.status === 'ready' && d.canUpload(ready.data, 'identity_front')).toBe(false);

    expect(await d.cancelDocument('identity_front')).toBe(true);
    const after = d.$documents.get();
    expect(after.status === 'ready' && after.data.by_type.identity_front).toBeUndefined();
    expect(d.$documentActions.get().identity_front).toEqual({ status: 'done', message: { key: 'account.documents.cancelled' } });
  });

  it("shows the platform's refusal in its words", async () => {
    fakeApi({
      'GET /documents/status': () => ({ json: status([]) }),
      'POST /documents/upload': () => ({ status: 422, json: { message: 'Os dados são inválidos.', errors: { document: ['O arquivo não é um JPG, PNG ou PDF.'] } } }),
    });
    const d = await import('../../../src/stores/documents.ts');
    await d.loadDocuments();
    expect(await d.uploadDocument('selfie', new File(['x'], 'x.jpg', { type: 'image/jpeg' }))).toBe(false);
    expect(d.$documentActions.get().selfie).toEqual({ status: 'error', message: { text: 'O arquivo não é um JPG, PNG ou PDF.' } });
  });

  it('proof of address waits for an address; the current document is the newest not cancelled', async () => {
    const d = await import('../../../src/stores/documents.ts');
    const data = status([doc({ id: 1, status: 'rejected', reason: 'Ilegível' }), doc({ id: 2, created_at: '2026-01-02T00:00:00Z', status: 'cancelled' })]);
    expect(d.canUpload(data, 'proof_of_address')).toBe(false);
    expect(d.canUpload({ ...data, has_address: true }, 'proof_of_address')).toBe(true);
    expect(d.currentDocument(data, 'identity_front')).toMatchObject({ id: 1, reason: 'Ilegível' });
    expect(d.canUpload(data, 'identity_front')).toBe(true);
  });
});

describe('reviews made elsewhere', () => {
  it('the status is asked for again when the page becomes visible, until unsubscribed', async () => {
    let approved = false;
    const { calls } = fakeApi({ 'GET /documents/status': () => ({ json: status([doc({ status: approved ? 'approved' : 'pending' })]) }) });
    const d = await import('../../../src/stores/documents.ts');
    await d.loadDocuments();
    const stop = d.followDocumentReviews();
    approved = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => {
      const load = d.$documents.get();
      expect(load.status === 'ready' && load.data.by_type.identity_front).toBe('approved');
    });
    stop();
    const before = calls.length;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(calls.length).toBe(before);
  });
});
