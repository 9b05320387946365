import { access, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliQuality, precompressDir } from '../../../server/sites/precompress.ts';
import { acceptsEncoding } from '../../../server/sites/serve.ts';

let dir: string;
const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);
const page = (label: string): string => `<!doctype html><title>${label}</title>${'<p>Jogue com responsabilidade.</p>'.repeat(50)}`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'precompress-'));
  await mkdir(join(dir, 'v1/_astro'), { recursive: true });
  await writeFile(join(dir, 'v1/index.html'), page('um'));
  await writeFile(join(dir, 'v1/_astro/app.H4sh.css'), `body{margin:0}${'.x{color:red}'.repeat(60)}`);
  await writeFile(join(dir, 'v1/logo.png'), Buffer.alloc(4096, 7));
  await writeFile(join(dir, 'v1/tiny.txt'), 'ok');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes .br and .gz beside text files only, decoding to the original', async () => {
    const stats = await precompressDir(join(dir, 'v1'));
    expect(stats).toMatchObject({ files: 2, reused: 0 });
    const html = await readFile(join(dir, 'v1/index.html'));
    expect(brotliDecompressSync(await readFile(join(dir, 'v1/index.html.br')))).toEqual(html);
    expect(gunzipSync(await readFile(join(dir, 'v1/index.html.gz')))).toEqual(html);
    expect(await exists(join(dir, 'v1/_astro/app.H4sh.css.br'))).toBe(true);
    expect(await exists(join(dir, 'v1/logo.png.br'))).toBe(false);
    expect(await exists(join(dir, 'v1/tiny.txt.br'))).toBe(false);
  });

  it("reuses the previous build's compressed files for identical files only", async () => {
    await mkdir(join(dir, 'v2'));
    await cp(join(dir, 'v1/_astro'), join(dir, 'v2/_astro'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
    await writeFile(join(dir, 'v2/index.html'), page('dois'));
    const stats = await precompressDir(join(dir, 'v2'), { reuseFrom: join(dir, 'v1') });
    expect(stats).toMatchObject({ files: 2, reused: 1 });
    expect((await stat(join(dir, 'v2/_astro/app.H4sh.css.br'))).ino).toBe((await stat(join(dir, 'v1/_astro/app.H4sh.css.br'))).ino);
    expect(brotliDecompressSync(await readFile(join(dir, 'v2/index.html.br'))).toString()).toContain('dois');
  });

  it('spends brotli 11 where it pays and a fast level on bulk pages and huge files', () => {
    expect(brotliQuality('/a/index.html', 20_000, 40)).toBe(11);
    expect(brotliQuality('/a/index.html', 20_000, 4_000)).toBe(5);
    expect(brotliQuality('/_astro/app.js', 220_000, 4_000)).toBe(11);
    expect(brotliQuality('/_astro/huge.js', 5_000_000, 4)).toBe(9);
  });
});

describe('acceptsEncoding', () => {
  it('honours q-values and the * wildcard', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('gzip;q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('*;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});
