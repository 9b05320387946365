import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteFileView } from '../../../../src/contract/site-files.ts';
import { uploadPathsIn } from '../../../../server/features/site-files/referenced.ts';
import { type StaffHarness, staffHarness } from '../staff/harness.ts';
import { operatorCall, solidPng, upload } from './helpers.ts';

let h: StaffHarness;
let file: SiteFileView;
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const patch = (value: unknown) => operatorCall(h, 'PATCH', '/site-config', { body: json(value), type: 'application/json' });
const config = async () => (await operatorCall(h, 'GET', '/site-config')).body.config as { images: { logo: string }; banners: { image: string }[] };

beforeAll(async () => {
  h = await staffHarness();
  file = (await upload(h, await solidPng(120, 30))).body.file as SiteFileView;
});
afterAll(() => h.close());

describe('uploadPathsIn', () => {
  it('finds every /uploads/ path by its field, in objects and lists', () => {
    const found = uploadPathsIn({ images: { logo: '/uploads/a.png', ogImage: '/demo/og.png' }, banners: [{ image: 'https://cdn.example/b.png' }, { image: '/uploads/b.webp' }] });
    expect([...found]).toEqual([
      ['images.logo', 'a.png'],
      ['banners.1.image', 'b.webp'],
    ]);
  });
});

describe('a configuration naming an uploaded image', () => {
  it('is saved when the tenant uploaded the file', async () => {
    const answer = await patch({ images: { logo: file.path } });
    expect(answer.status).toBe(200);
    expect((await config()).images.logo).toBe(file.path);
  });

  it('is refused, naming the field, when no such file was uploaded; nothing is written', async () => {
    const before = await config();
    const answer = await patch({ images: { logo: '/uploads/000000000000000000000000.png' }, siteTitle: 'Changed too' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('/uploads/');
    expect((answer.body.errors as Record<string, string[]>)['images.logo']).toEqual(['This image was not uploaded to this site: upload it first.']);
    expect(await config()).toEqual(before);
  });

  it('is refused when the file is another tenant’s', async () => {
    const banner = { id: 'b1', image: file.path, alt: { pt: 'a', en: 'a' } };
    const answer = await operatorCall(h, 'PATCH', '/site-config', { body: json({ banners: [banner] }), type: 'application/json', host: 'localhost', key: 'demo-key-localhost' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object)).toEqual(['banners.0.image']);
  });
});
