import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../../src/contract/backoffice.ts';
import type { SiteFilePage, SiteFileView } from '../../../../src/contract/site-files.ts';
import { SITE_FILE_MESSAGES } from '../../../../server/features/site-files/messages.ts';
import { auditLog } from '../../../../server/features/staff/schema.ts';
import { STAFF_MESSAGES } from '../../../../server/features/staff/messages.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { type StaffHarness, staffHarness } from '../staff/harness.ts';
import { operatorCall, solidPng, upload } from './helpers.ts';

let h: StaffHarness;
/** Uploaded in this order: the list shows them the other way round. */
const uploaded: SiteFileView[] = [];
let firstPng: Uint8Array;

beforeAll(async () => {
  h = await staffHarness();
  for (let i = 0; i < 5; i++) {
    const png = await solidPng(40 + i, 20, [i * 40, 10, 10]);
    if (i === 0) firstPng = png;
    const answer = await upload(h, png);
    if (answer.status !== 201) throw new Error(`upload ${i}: ${answer.status}`);
    uploaded.push(answer.body.file as SiteFileView);
  }
});
afterAll(() => h.close());

describe('the list of uploaded images', () => {
  it('pages newest first, pageSize at a time', async () => {
    const first = await operatorCall(h, 'GET', '/site-files?page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page = first.body as unknown as SiteFilePage;
    expect(page).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(page.data.map((f) => f.name)).toEqual([uploaded[4]!.name, uploaded[3]!.name]);
    expect(page.data[0]).toEqual(uploaded[4]);
    const last = (await operatorCall(h, 'GET', '/site-files?page=3&pageSize=2')).body as unknown as SiteFilePage;
    expect(last.data.map((f) => f.name)).toEqual([uploaded[0]!.name]);
    const beyond = (await operatorCall(h, 'GET', '/site-files?page=9&pageSize=2')).body as unknown as SiteFilePage;
    expect(beyond.data).toEqual([]);
  });

  it('defaults to 24 a page and refuses a page size over 100', async () => {
    const all = (await operatorCall(h, 'GET', '/site-files')).body as unknown as SiteFilePage;
    expect(all).toMatchObject({ current_page: 1, per_page: 24, total: 5 });
    expect((await operatorCall(h, 'GET', '/site-files?pageSize=101')).status).toBe(422);
    expect((await operatorCall(h, 'GET', '/site-files?page=0')).status).toBe(422);
  });

  it('shows a tenant only its own files', async () => {
    const other = (await operatorCall(h, 'GET', '/site-files', { host: 'localhost', key: demoOperatorKey('localhost') })).body as unknown as SiteFilePage;
    expect(other.total).toBe(0);
  });
});

describe('a file’s bytes (the preview before publication)', () => {
  it('answers the stored bytes with the inert-image headers, cached privately', async () => {
    const answer = await operatorCall(h, 'GET', `/site-files/${uploaded[0]!.name}`);
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.bytes).equals(Buffer.from(firstPng))).toBe(true);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain('sandbox');
    expect(answer.headers.get('content-disposition')).toBe(`inline; filename="${uploaded[0]!.name}"`);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });

  it('answers 404 for an unknown name, a malformed one and another tenant’s file', async () => {
    for (const name of ['0123456789abcdef01234567.png', 'logo.svg', '.env']) {
      const answer = await operatorCall(h, 'GET', `/site-files/${name}`, { lang: 'pt-BR' });
      expect(answer.status, name).toBe(404);
      expect(answer.body.message).toBe(SITE_FILE_MESSAGES.notFound.pt);
    }
    const elsewhere = await operatorCall(h, 'GET', `/site-files/${uploaded[0]!.name}`, { host: 'localhost', key: demoOperatorKey('localhost') });
    expect(elsewhere.status).toBe(404);
  });
});

describe('who may upload', () => {
  it.each(['finance', 'support', 'compliance'] as const)('refuses %s staff with 403', async (role: StaffRole) => {
    const cookie = await h.login(await h.createStaff(role));
    const answer = await upload(h, await solidPng(12, 12, [1, 1, 1]), { cookie });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(STAFF_MESSAGES.roleForbidden.en);
    expect((await operatorCall(h, 'GET', '/site-files', { cookie })).status).toBe(403);
  });

  it('lets marketing upload and list (the pictures of its boxes, prizes and ranks)', async () => {
    const cookie = await h.login(await h.createStaff('marketing'));
    expect((await upload(h, await solidPng(12, 12, [3, 3, 3]), { cookie })).status).toBe(201);
    expect((await operatorCall(h, 'GET', '/site-files', { cookie })).status).toBe(200);
  });

  it('lets an admin upload, and audits the upload by type, size and name, never its bytes', async () => {
    const cookie = await h.login(await h.createStaff('admin'));
    const png = await solidPng(12, 12, [2, 2, 2]);
    // A Content-Type claiming JSON must not make the audit read the image as text.
    const answer = await upload(h, png, { cookie, type: 'application/json' });
    expect(answer.status).toBe(201);
    const file = answer.body.file as SiteFileView;
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'site-files.post')).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ status: 201, staffRole: 'admin', request: { contentType: 'application/json', bytes: png.length, name: file.name } });
    expect((row!.after as { file: SiteFileView }).file.name).toBe(file.name);
    expect(JSON.stringify(row)).not.toContain('PNG');
    expect(JSON.stringify(row)).not.toContain('unreadable');

    const refused = await upload(h, new TextEncoder().encode('not an image'), { cookie, type: 'text/plain' });
    expect(refused.status).toBe(422);
    const [refusal] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'site-files.post')).orderBy(desc(auditLog.id)).limit(1);
    expect(refusal).toMatchObject({ status: 422, request: { contentType: 'text/plain', bytes: 12 } });
  });
});
