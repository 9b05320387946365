import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { constants } from 'node:zlib';
import type { CompressBatch, CompressJob, CompressReply } from './precompress-worker.ts';

/**
 * Build-time compression of a static site: every text asset gets a `.br` and a
 * `.gz` sibling, which the host-aware server (serve.ts) and nginx's
 * `brotli_static` / `gzip_static` send as they are, so no request ever pays
 * for compression. The work runs in worker threads (precompress-worker.ts).
 */

/** Extensions worth compressing (images, fonts and archives already are). */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html', '.css', '.js', '.mjs', '.json', '.xml', '.svg', '.txt', '.webmanifest', '.map', '.ico',
]);

/**
 * Brotli quality policy. Quality 11 is the smallest output but ~20× the CPU of
 * quality 5 (measured on this project's pages: 20 KB HTML, 80 ms vs 4 ms per
 * file, output only ~10% larger at 5). So:
 * - hashed assets (`/_astro/…`) up to 1 MiB: 11 — few files, fetched by every
 *   visitor, and a rebuild reuses their compressed files (same bytes, same name);
 * - larger hashed assets: 9 (a 220 KB bundle takes 1.1 s at 11, 0.3 s at 9);
 * - everything else (pages, sitemaps, manifest …), which changes with the
 *   tenant's content: 11 while the build has at most HTML_MAX_QUALITY_PAGES
 *   pages (a typical tenant: well under a second), 5 beyond, so a tenant with
 *   thousands of pages builds in a time dominated by astro, not brotli (a
 *   5,000-game sitemap of 3 MB alone took 1.3 s per MB at 11).
 */
export const ASSET_MAX_QUALITY_LIMIT = 1024 * 1024;
export const HTML_MAX_QUALITY_PAGES = 200;
const HTML_BULK_QUALITY = 5;
/**
 * gzip only answers clients without brotli (a few percent), so bulk content
 * (what gets brotli 5 above) gets level 6: on this project's 70 KB casino pages
 * 1.55 ms instead of 2.42 ms per page for output 0.8% larger. Hashed assets keep 9.
 */
const GZIP_BULK_LEVEL = 6;
/**
 * Below this size a file is left alone: compression saves less than the
 * headers that announce it. (Raising it to 1 KB would change nothing in a real
 * build, whose pages are 10 KB and more, so it stays where small pages still gain.)
 */
export const MIN_COMPRESS_SIZE = 256;
/** Files handed to a worker at once (one message each way per batch). */
const BATCH = 16;

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
  /** Worker threads compressing. Default: the core count, between 1 and 4 (2 on this 2-core host). */
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
  if (!isHashedAsset(file)) return pageCount <= HTML_MAX_QUALITY_PAGES ? constants.BROTLI_MAX_QUALITY : HTML_BULK_QUALITY;
  return size <= ASSET_MAX_QUALITY_LIMIT ? constants.BROTLI_MAX_QUALITY : 9;
}

/** Astro's content-hashed build assets: their bytes change only with the code. */
function isHashedAsset(file: string): boolean {
  return file.includes('/_astro/');
}

/** gzip level for a file (see GZIP_BULK_LEVEL). */
export function gzipLevel(file: string, pageCount: number): number {
  return !isHashedAsset(file) && pageCount > HTML_MAX_QUALITY_PAGES ? GZIP_BULK_LEVEL : constants.Z_BEST_COMPRESSION;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
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
  if (files.length === 0) return stats;
  const pageCount = files.filter((f) => f.endsWith('.html')).length;
  const reuseFrom = opts.reuseFrom ?? null;
  const jobs: CompressJob[] = files.map((file) => ({ file, previous: reuseFrom && join(reuseFrom, relative(dir, file)), pageCount }));
  const batches: CompressBatch[] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push({ id: batches.length, jobs: jobs.slice(i, i + BATCH) });
  const workerCount = Math.min(opts.concurrency ?? Math.max(1, Math.min(4, availableParallelism())), batches.length);
  const workers = Array.from({ length: workerCount }, () => new Worker(new URL('./precompress-worker.ts', import.meta.url)));
  let next = 0;
  try {
    // Each worker pulls the next batch as soon as it answers the last one.
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = (): void => {
              const batch = batches[next++];
              if (batch) worker.postMessage(batch);
              else resolve();
            };
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`precompress worker exited with code ${code}`)));
            worker.on('message', (reply: CompressReply) => {
              if ('error' in reply) return reject(new Error(`precompress: ${reply.error}`));
              for (const outcome of reply.outcomes) {
                if (outcome.kind === 'skipped') continue;
                stats.files += 1;
                if (outcome.kind === 'reused') {
                  stats.reused += 1;
                  continue;
                }
                stats.bytes += outcome.bytes;
                stats.brBytes += outcome.brBytes;
                stats.gzBytes += outcome.gzBytes;
              }
              send();
            });
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return stats;
}

/** Number of `.html` files under `dir`: the pages a build produced. */
export async function countPages(dir: string): Promise<number> {
  let pages = 0;
  for await (const file of walk(dir)) if (file.endsWith('.html')) pages += 1;
  return pages;
}
