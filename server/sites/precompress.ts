import { access, copyFile, link, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Build-time compression of a static site: every text asset gets a `.br` and a
 * `.gz` sibling, which the host-aware server (serve.ts) and nginx's
 * `brotli_static` / `gzip_static` send as they are, so no request ever pays
 * for compression.
 */

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions worth compressing (images, fonts and archives already are). */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html', '.css', '.js', '.mjs', '.json', '.xml', '.svg', '.txt', '.webmanifest', '.map', '.ico',
]);

/**
 * Brotli quality policy. Quality 11 is the smallest output but ~20× the CPU of
 * quality 5 (measured on this project's pages: 20 KB HTML, 80 ms vs 4 ms per
 * file, output only ~10% larger at 5). So:
 * - assets (CSS, JS, SVG, JSON …) up to 1 MiB: 11 — few files, fetched by every visitor;
 * - larger assets: 9 (a 220 KB bundle takes 1.1 s at 11, 0.3 s at 9);
 * - HTML pages: 11 while the build has at most HTML_MAX_QUALITY_PAGES pages
 *   (a typical tenant: well under a second), 5 beyond, so a tenant with
 *   thousands of pages builds in a time dominated by astro, not brotli.
 */
export const ASSET_MAX_QUALITY_LIMIT = 1024 * 1024;
export const HTML_MAX_QUALITY_PAGES = 200;
const HTML_BULK_QUALITY = 5;
/** Below this size compression saves nothing once headers are counted. */
const MIN_SIZE = 256;

export interface PrecompressStats {
  /** Text files that got `.br`/`.gz` siblings. */
  files: number;
  /** Of those, files whose siblings were reused from the previous build (identical bytes). */
  reused: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

export interface PrecompressOptions {
  /** Parallel compressions (zlib runs them on libuv's thread pool). Default: the core count, at least 2. */
  concurrency?: number;
  /**
   * The previous build of the same site: a file whose bytes are identical at
   * the same path there gets that build's `.br`/`.gz` (hard-linked, or copied),
   * so a rebuild recompresses only what changed.
   */
  reuseFrom?: string | null;
}

/** Brotli quality for a file (see the policy above). */
export function brotliQuality(file: string, size: number, pageCount: number): number {
  if (file.endsWith('.html')) return pageCount <= HTML_MAX_QUALITY_PAGES ? constants.BROTLI_MAX_QUALITY : HTML_BULK_QUALITY;
  return size <= ASSET_MAX_QUALITY_LIMIT ? constants.BROTLI_MAX_QUALITY : 9;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Takes `file`'s siblings from the previous build when its bytes are the same there; false otherwise. */
async function reuse(file: string, data: Buffer, previous: string): Promise<boolean> {
  const old = await readFile(previous).catch(() => null);
  if (old === null || !old.equals(data)) return false;
  const siblings = await Promise.all(['.br', '.gz'].map((ext) => access(previous + ext).then(() => ext, () => null)));
  if (siblings.includes(null)) return false;
  for (const ext of siblings as string[]) await linkOrCopy(previous + ext, file + ext);
  return true;
}

async function compressOne(file: string, ctx: { root: string; reuseFrom: string | null; pageCount: number; stats: PrecompressStats }): Promise<void> {
  const { stats } = ctx;
  const data = await readFile(file);
  if (data.length < MIN_SIZE) return;
  if (ctx.reuseFrom && (await reuse(file, data, join(ctx.reuseFrom, relative(ctx.root, file))))) {
    stats.files += 1;
    stats.reused += 1;
    return;
  }
  const isText = !file.endsWith('.ico');
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file, data.length, ctx.pageCount),
        [constants.BROTLI_PARAM_MODE]: isText ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller is left out; servers then fall back to the next one.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
  stats.files += 1;
  stats.bytes += data.length;
  stats.brBytes += Math.min(br.length, data.length);
  stats.gzBytes += Math.min(gzipped.length, data.length);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under
 * `dir` (recursively), using all cores through zlib's thread pool. A sibling
 * is left out when it would not be smaller than the file (servers then send
 * the next encoding). Existing `.br`/`.gz` files are never compressed again.
 */
export async function precompressDir(dir: string, opts: PrecompressOptions = {}): Promise<PrecompressStats> {
  const stats: PrecompressStats = { files: 0, reused: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const files: string[] = [];
  for await (const file of walk(dir)) {
    if (COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase())) files.push(file);
  }
  const ctx = { root: dir, reuseFrom: opts.reuseFrom ?? null, pageCount: files.filter((f) => f.endsWith('.html')).length, stats };
  const concurrency = opts.concurrency ?? Math.max(2, availableParallelism());
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++] as string;
      await compressOne(file, ctx);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return stats;
}

/** Number of `.html` files under `dir`: the pages a build produced. */
export async function countPages(dir: string): Promise<number> {
  let pages = 0;
  for await (const file of walk(dir)) if (file.endsWith('.html')) pages += 1;
  return pages;
}
