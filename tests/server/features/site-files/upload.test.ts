import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_FILE_MAX_BYTES, SITE_FILES_MAX_PER_TENANT, type SiteFileView } from '../../../../src/contract/site-files.ts';
import { siteFilesForBuild } from '../../../../server/features/site-files/for-build.ts';
import { SITE_FILE_MESSAGES } from '../../../../server/features/site-files/messages.ts';
import { siteFiles } from '../../../../server/features/site-files/schema.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { SORTE, type StaffHarness, staffHarness } from '../staff/harness.ts';
import { solidJpeg, solidPng, upload } from './helpers.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let h: StaffHarness;
let sorteId: number;
beforeAll(async () => {
  h = await staffHarness();
  sorteId = (await h.tenantOf(SORTE)).id;
});
afterAll(() => h.close());

const rowsOf = async (tenantId: number): Promise<number> => (await h.db.select({ n: count() }).from(siteFiles).where(eq(siteFiles.tenantId, tenantId)))[0]!.n;
const fileOf = (answer: { body: Record<string, unknown> }) => answer.body.file as SiteFileView;

describe('uploading a site image', () => {
  it('stores a PNG under its content hash and answers 201 with its size in pixels', async () => {
    const png = await solidPng(300, 120);
    const answer = await upload(h, png, { type: 'image/png' });
    expect(answer.status).toBe(201);
    const file = fileOf(answer);
    expect(file).toMatchObject({ contentType: 'image/png', width: 300, height: 120, size: png.length });
    expect(file.name).toMatch(/^[0-9a-f]{24}\.png$/);
    expect(file.path).toBe(`/uploads/${file.name}`);
    expect(Date.parse(file.createdAt)).not.toBeNaN();
  });

  it('answers 200 with the same file when the same bytes come again, whatever Content-Type says', async () => {
    const png = await solidPng(64, 64, [1, 2, 3]);
    const first = await upload(h, png, { type: 'image/png' });
    const again = await upload(h, png, { type: 'application/octet-stream' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(fileOf(again)).toEqual(fileOf(first));
  });

  it('keeps one row for concurrent uploads of the same image', async () => {
    const png = await solidPng(80, 80, [9, 99, 199]);
    const before = await rowsOf(sorteId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(h, png)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => fileOf(a).name)).size).toBe(1);
    expect(await rowsOf(sorteId)).toBe(before + 1);
  });

  it('keeps a JPEG as sent, with its size as a browser shows it (EXIF orientation applied)', async () => {
    const jpeg = await solidJpeg(300, 200);
    const turned = new Uint8Array(await sharp(jpeg).withMetadata({ orientation: 6 }).jpeg().toBuffer());
    const answer = await upload(h, turned, { type: 'image/jpeg' });
    expect(answer.status).toBe(201);
    expect(fileOf(answer)).toMatchObject({ contentType: 'image/jpeg', width: 200, height: 300, size: turned.length });
    expect(fileOf(answer).name).toMatch(/\.jpg$/);
    const [row] = await h.db.select({ bytes: siteFiles.bytes }).from(siteFiles).where(eq(siteFiles.name, fileOf(answer).name));
    expect(Buffer.from(row!.bytes).equals(Buffer.from(turned))).toBe(true);
  });

  it('draws an SVG into a PNG up to 2048 pixels a side, scripts and all gone', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>alert(document.cookie)</script><rect width="120" height="40" fill="#0a0" onclick="alert(1)"/></svg>',
    );
    const answer = await upload(h, svg, { type: 'image/svg+xml' });
    expect(answer.status).toBe(201);
    const file = fileOf(answer);
    expect(file).toMatchObject({ contentType: 'image/png', width: 2048, height: 683 });
    expect(file.name).toMatch(/\.png$/);
    const [row] = await h.db.select({ bytes: siteFiles.bytes }).from(siteFiles).where(eq(siteFiles.name, file.name));
    expect([...row!.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(row!.bytes).includes('script')).toBe(false);
    // Drawing is deterministic: the same SVG again is the same PNG.
    expect((await upload(h, svg)).status).toBe(200);
  });

  it.each([
    ['a text file', () => new TextEncoder().encode('just some notes, not an image'), 'type'],
    ['a BMP', () => new Uint8Array([0x42, 0x4d, ...new Array(60).fill(0)]), 'type'],
    ['a truncated PNG', async () => (await solidPng(400, 300, [5, 6, 7])).subarray(0, 200), 'damaged'],
    ['an SVG that cannot be drawn', () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect'), 'svg'],
    ['an empty body', () => new Uint8Array(0), 'missing'],
  ] as const)('refuses %s with 422 in the caller’s language, storing nothing', async (_what, make, key) => {
    const bytes = await make();
    const before = await rowsOf(sorteId);
    for (const lang of ['en', 'pt-BR'] as const) {
      const answer = await upload(h, bytes, { lang });
      const text = SITE_FILE_MESSAGES[key][lang === 'en' ? 'en' : 'pt'];
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: text, errors: { file: [text] } });
    }
    expect(await rowsOf(sorteId)).toBe(before);
  });

  it('refuses a body over 5 MB with 413 and the image’s limit, storing nothing', async () => {
    const png = await solidPng(10, 10);
    const big = new Uint8Array(SITE_FILE_MAX_BYTES + 1);
    big.set(png);
    const before = await rowsOf(sorteId);
    const en = await upload(h, big, { type: 'image/png' });
    expect(en.status).toBe(413);
    expect(en.body.message).toBe(SITE_FILE_MESSAGES.tooLarge.en);
    expect(en.body.message).toContain('5 MB');
    const pt = await upload(h, big, { lang: 'pt-BR' });
    expect(pt.status).toBe(413);
    expect(pt.body.message).toBe(SITE_FILE_MESSAGES.tooLarge.pt);
    expect(await rowsOf(sorteId)).toBe(before);
  });

  it('gives the site builder every uploaded file as uploads/<name>, bytes as stored', async () => {
    const png = await solidPng(20, 20, [42, 42, 42]);
    const name = fileOf(await upload(h, png)).name;
    const files = [];
    for await (const file of siteFilesForBuild(h.db, SORTE)) files.push(file);
    expect(files.length).toBe(await rowsOf(sorteId));
    const mine = files.find((f) => f.path === `uploads/${name}`);
    expect(mine && Buffer.from(mine.bytes).equals(Buffer.from(png))).toBe(true);
    const none = [];
    for await (const file of siteFilesForBuild(h.db, 'no-such-tenant.localhost')) none.push(file);
    expect(none).toEqual([]);
  });
});

describe('the limit of files per tenant', () => {
  it(`keeps at most ${SITE_FILES_MAX_PER_TENANT} files, still answering a duplicate of one of them`, async () => {
    const other = await h.tenantOf('localhost');
    const opts = { host: 'localhost', key: demoOperatorKey('localhost') };
    const kept = await upload(h, await solidPng(30, 30, [0, 0, 1]), opts);
    expect(kept.status).toBe(201);
    // Filler rows straight into the table: 198 uploads through sharp would only slow the test down.
    const filler = Array.from({ length: SITE_FILES_MAX_PER_TENANT - 2 }, (_, i) => ({
      tenantId: other.id,
      name: `${i.toString(16).padStart(24, '0')}.png`,
      contentType: 'image/png',
      bytes: new Uint8Array([i % 256]),
      width: 1,
      height: 1,
      size: 1,
    }));
    await h.db.insert(siteFiles).values(filler);
    expect((await upload(h, await solidPng(30, 30, [0, 0, 2]), opts)).status).toBe(201);
    expect(await rowsOf(other.id)).toBe(SITE_FILES_MAX_PER_TENANT);

    const refused = await upload(h, await solidPng(30, 30, [0, 0, 3]), { ...opts, lang: 'pt-BR' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SITE_FILE_MESSAGES.limit.pt);
    expect(await rowsOf(other.id)).toBe(SITE_FILES_MAX_PER_TENANT);
    expect((await upload(h, await solidPng(30, 30, [0, 0, 1]), opts)).status).toBe(200);
    // Another tenant's count is its own.
    expect((await upload(h, await solidPng(30, 30, [0, 0, 3]))).status).toBe(201);
  });
});
