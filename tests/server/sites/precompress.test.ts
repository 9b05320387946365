import { access, appendFile, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliQuality, gzipLevel, MIN_COMPRESS_SIZE, precompressDir, startPrecompression } from '../../../server/sites/precompress.ts';
import { acceptsEncoding } from '../../../server/sites/serve.ts';

let dir: string;
const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);
const page = (label: string): string => `<!doctype html><title>${label}</title>${'<p>Jogue com responsabilidade.</p>'.repeat(50)}`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'precompress-'));
  await mkdir(join(dir, 'v1/_astro'), { recursive: true });
  await writeFile(join(dir, 'v1/index.html'), page('um'));
  await writeFile(join(dir, 'v1/_astro/app.H4sh.css'), `body{margin:0}${'.x{color:red}'.repeat(100)}`);
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

  it('compresses every file of a bulk site in the workers, and leaves files under MIN_COMPRESS_SIZE and binary files alone', async () => {
    const bulk = join(dir, 'bulk');
    await mkdir(join(bulk, 'en'), { recursive: true });
    const names = Array.from({ length: 240 }, (_, i) => (i % 2 ? `en/p${i}.html` : `p${i}.html`));
    await Promise.all(names.map((name, i) => writeFile(join(bulk, name), page(`página ${i}`))));
    await writeFile(join(bulk, 'small.js'), 'x'.repeat(MIN_COMPRESS_SIZE - 1));
    await writeFile(join(bulk, 'font.woff2'), Buffer.alloc(8192, 1));
    const stats = await precompressDir(bulk, { concurrency: 2 });
    expect(stats).toMatchObject({ files: names.length, reused: 0 });
    expect(stats.brBytes).toBeLessThan(stats.bytes);
    for (const name of names) {
      const original = await readFile(join(bulk, name));
      expect(brotliDecompressSync(await readFile(join(bulk, `${name}.br`)))).toEqual(original);
      expect(gunzipSync(await readFile(join(bulk, `${name}.gz`)))).toEqual(original);
    }
    for (const skipped of ['small.js.br', 'small.js.gz', 'font.woff2.br', 'font.woff2.gz']) {
      expect(await exists(join(bulk, skipped))).toBe(false);
    }
  });

  it('compresses a bulk site while it is being written, and redoes files written after their early pass', async () => {
    const live = join(dir, 'live');
    const running = startPrecompression(live, { concurrency: 2 });
    await mkdir(live);
    const names = Array.from({ length: 260 }, (_, i) => `p${i}.html`);
    for (const [i, name] of names.entries()) {
      await writeFile(join(live, name), page(`primeira ${i}`));
      if (i % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 60));
    }
    // Let the early pass take every page, then change some: one grown, one rewritten, one cut below the threshold.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await exists(join(live, 'p0.html.br'))).toBe(true);
    await appendFile(join(live, 'p1.html'), '<p>acrescentado depois</p>');
    await writeFile(join(live, 'p2.html'), page('reescrita, mais longa'));
    await writeFile(join(live, 'p3.html'), 'curta');
    const stats = await running.finish();
    expect(stats.files).toBe(names.length - 1);
    for (const name of names.filter((n) => n !== 'p3.html')) {
      const original = await readFile(join(live, name));
      expect(brotliDecompressSync(await readFile(join(live, `${name}.br`))), name).toEqual(original);
      expect(gunzipSync(await readFile(join(live, `${name}.gz`))), name).toEqual(original);
    }
    expect(brotliDecompressSync(await readFile(join(live, 'p1.html.br'))).toString()).toContain('acrescentado depois');
    // Compressed in the early pass, now too small: its stale siblings are gone.
    expect(await exists(join(live, 'p3.html.br'))).toBe(false);
    expect(await exists(join(live, 'p3.html.gz'))).toBe(false);
  });

  it("skips a file removed before its early pass reads it (astro's temporary .prerender files), and still compresses what is there at the end", async () => {
    const live = join(dir, 'vanishing');
    await mkdir(join(live, '.prerender/.vite'), { recursive: true });
    const running = startPrecompression(live, { concurrency: 2 });
    const temporary = join(live, '.prerender/.vite/manifest.json');
    await writeFile(join(live, 'index.html'), page('fica'));
    // Announced, then gone before a worker reads it: the race that failed e2e rebuilds with ENOENT.
    running.written(temporary);
    await rm(join(live, '.prerender'), { recursive: true, force: true });
    const stats = await running.finish();
    expect(stats.files).toBe(1);
    expect(await exists(join(live, 'index.html.br'))).toBe(true);
  });

  it("never writes into astro's scratch folder (.prerender), which astro then fails to remove with ENOTEMPTY", async () => {
    const live = join(dir, 'scratch');
    await mkdir(join(live, '.prerender/.vite'), { recursive: true });
    const scratch = join(live, '.prerender/.vite/manifest.json');
    await writeFile(scratch, JSON.stringify({ entries: 'x'.repeat(2_000) }));
    await writeFile(join(live, 'index.html'), page('fica'));
    const running = startPrecompression(live, { concurrency: 2 });
    running.written(scratch);
    const stats = await running.finish();
    expect(stats.files).toBe(1);
    expect(await exists(`${scratch}.br`)).toBe(false);
    expect(await exists(`${scratch}.gz`)).toBe(false);
  });

  it('gives gzip level 1 to content and 9 to hashed assets', () => {
    expect(gzipLevel('/a/index.html')).toBe(1);
    expect(gzipLevel('/sitemap-0.xml')).toBe(1);
    expect(gzipLevel('/_astro/app.js')).toBe(9);
  });

  it('spends brotli 11 on hashed assets (9 on huge ones) and a fast level on content, whatever the size of the site', () => {
    expect(brotliQuality('/a/index.html', 20_000)).toBe(5);
    expect(brotliQuality('/sitemap-0.xml', 333_000)).toBe(5);
    expect(brotliQuality('/_astro/app.js', 220_000)).toBe(11);
    expect(brotliQuality('/_astro/huge.js', 5_000_000)).toBe(9);
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
