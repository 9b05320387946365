import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { constants } from 'node:zlib';
import type { CompressBatch, CompressJob, CompressOutcome, CompressReply } from './precompress-worker.ts';

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
 * Brotli quality policy (measured on this project's pages, 50–60 KB of HTML
 * once the modal CSS is no longer inline, on an idle core): quality 5 takes
 * ~1.5 ms a page for a 0.21–0.24 ratio; 6–8 cost as much for under 1 % less;
 * 9 takes ~45 ms and 11 ~150–200 ms for 8–9 % less than 5 (about 1 KB a page).
 * 11 on every page made a 150-page tenant spend 13–17 s compressing against
 * 8 s of astro, and operators rebuild after every change. So:
 * - hashed assets (`/_astro/…`) up to 1 MiB: 11 — few files, fetched by every
 *   visitor, and a rebuild reuses their compressed files (same bytes, same name);
 * - larger hashed assets: 9 (a 220 KB bundle takes 1.1 s at 11, 0.3 s at 9);
 * - everything else (pages, sitemaps, manifest …), which changes with the
 *   tenant's content: 5, whatever the size of the site.
 */
export const ASSET_MAX_QUALITY_LIMIT = 1024 * 1024;
const CONTENT_BROTLI_QUALITY = 5;
/**
 * gzip only answers clients without brotli (every current browser asks for
 * brotli over HTTPS), so content gets level 1: on a 56 KB game page 0.6 ms for
 * a 0.28 ratio, against 1.2–2 ms at 6 for 0.25. Hashed assets keep 9.
 */
const CONTENT_GZIP_LEVEL = 1;
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
  /**
   * The union of the inline-script hashes and script origins of every HTML
   * page the workers read (all of the folder's but the `adopted` ones), for
   * the site's CSP list (page-policy-cache.ts).
   */
  scripts: { scriptHashes: Set<string>; thirdParty: Set<string> };
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

/** Brotli quality for a file of `size` bytes (see the policy above). */
export function brotliQuality(file: string, size: number): number {
  if (!isHashedAsset(file)) return CONTENT_BROTLI_QUALITY;
  return size <= ASSET_MAX_QUALITY_LIMIT ? constants.BROTLI_MAX_QUALITY : 9;
}

/** Astro's content-hashed build assets: their bytes change only with the code. */
function isHashedAsset(file: string): boolean {
  return file.includes('/_astro/');
}

/** gzip level for a file (see CONTENT_GZIP_LEVEL). */
export function gzipLevel(file: string): number {
  return isHashedAsset(file) ? constants.Z_BEST_COMPRESSION : CONTENT_GZIP_LEVEL;
}

/**
 * Astro's scratch folder inside the output while it builds (`.prerender/.vite/…`),
 * removed before the build ends: never compressed, and never written into —
 * a `.br` sibling left there makes astro's own `rmdir` fail with ENOTEMPTY.
 */
const ASTRO_SCRATCH = '.prerender';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory() && entry.name === ASTRO_SCRATCH) continue;
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compressible files under `dir` now; a folder that vanishes or is not there yet is skipped. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  try {
    for await (const file of walk(dir)) {
      if (COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase())) files.push(file);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return files;
}

export interface Precompression {
  /**
   * Call once the folder is complete: compresses what is left, recompresses
   * any file that changed after an early pass read it, and returns the totals.
   */
  finish(adopted?: ReadonlySet<string>): Promise<PrecompressStats>;
  /**
   * Stops looking for new files (the ones found are still compressed by
   * `finish`); for a caller that is about to put files in the folder that are
   * compressed already (the `adopted` files of `finish`).
   */
  stopScanning(): Promise<void>;
  /**
   * `file` was just written completely (astro logs each page it writes): it
   * can be compressed now, without waiting for the next scan of the folder.
   * Once files are announced this way, scans become rare (they still catch
   * what is not announced, such as the `_astro` assets).
   */
  written(file: string): void;
  /** Stops the workers without finishing (the build failed). */
  abort(): Promise<void>;
}

/** How often a folder still being built is looked at for new files. */
const SCAN_MS = 500;
/**
 * The same once the builder announces the files it writes (written()): the
 * scans then only find the rest, and each walks the whole output (a 10,000-page
 * build took ~50 s of the builder's CPU in scans at one per 500 ms).
 */
const ANNOUNCED_SCAN_MS = 10_000;

/**
 * Starts precompressing `dir` while it is still being written (astro writes
 * pages one by one): files announced with written() and, every SCAN_MS or
 * more, new files found in the folder go to the workers, using one core less
 * than `concurrency` so the build keeps a core. `finish()` then checks every file against the size and mtime the early pass
 * read: a file written after it is compressed again, so the result is the same
 * as compressing the finished folder.
 */
export function startPrecompression(dir: string, opts: PrecompressOptions = {}): Precompression {
  const reuseFrom = opts.reuseFrom ?? null;
  const size = Math.max(1, opts.concurrency ?? Math.min(4, availableParallelism()));
  const workers = Array.from({ length: size }, () => new Worker(new URL('./precompress-worker.ts', import.meta.url)));
  const busy = new Set<Worker>();
  let active = Math.max(1, size - 1);
  let pending: CompressJob[] = [];
  const outcomes = new Map<string, CompressOutcome>();
  let failure: Error | null = null;
  let drained: Array<() => void> = [];
  const jobFor = (file: string): CompressJob => ({ file, previous: reuseFrom && join(reuseFrom, relative(dir, file)) });

  const dispatch = (): void => {
    for (const worker of workers.slice(0, active)) {
      if (busy.has(worker) || pending.length === 0) continue;
      busy.add(worker);
      worker.postMessage({ id: 0, jobs: pending.splice(0, BATCH) } satisfies CompressBatch);
    }
    if (busy.size === 0 && (pending.length === 0 || failure)) {
      for (const resolve of drained) resolve();
      drained = [];
    }
  };
  const drain = (): Promise<void> => {
    const done = new Promise<void>((resolve) => drained.push(resolve));
    dispatch();
    return done;
  };
  for (const worker of workers) {
    worker.on('message', (reply: CompressReply) => {
      busy.delete(worker);
      if ('error' in reply) failure ??= new Error(`precompress: ${reply.error}`);
      else for (const outcome of reply.outcomes) outcomes.set(outcome.file, outcome);
      dispatch();
    });
    worker.on('error', (error) => {
      failure ??= error;
      busy.delete(worker);
      dispatch();
    });
  }

  // The early pass: files written so far.
  const queued = new Set<string>();
  const enqueue = (file: string): void => {
    if (queued.has(file)) return;
    queued.add(file);
    pending.push(jobFor(file));
  };
  let announcedPages = 0;
  let scanning: Promise<unknown> = Promise.resolve();
  const scan = async (): Promise<void> => {
    for (const file of await compressibleFiles(dir)) enqueue(file);
    dispatch();
  };
  // A scan walks the whole output (30,000 entries for 10,000 pages) on the
  // builder's thread, the platform's event loop: the next one waits at least
  // four times as long as the last took, so scanning stays under a fifth of it.
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const schedule = (delay: number): void => {
    timer = setTimeout(() => {
      const begun = performance.now();
      scanning = scan()
        .catch(() => undefined)
        .then(() => {
          const took = performance.now() - begun;
          // With pages announced by written(), a scan only looks for the rest: far less often.
          if (!stopped) schedule(announcedPages > 0 ? Math.max(ANNOUNCED_SCAN_MS, 20 * took) : Math.max(SCAN_MS, 4 * took));
        });
    }, delay);
    timer.unref();
  };
  schedule(SCAN_MS);

  const stop = async (): Promise<void> => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await scanning;
    pending = [];
  };
  const terminate = (): Promise<unknown> => Promise.all(workers.map((worker) => worker.terminate()));

  return {
    async abort() {
      await stop();
      await terminate();
    },
    stopScanning: stop,
    written(file: string) {
      if (stopped || queued.has(file) || !COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase())) return;
      if (relative(dir, file).split(sep).includes(ASTRO_SCRATCH)) return;
      if (file.endsWith('.html')) announcedPages += 1;
      enqueue(file);
      dispatch();
    },
    /** `adopted`: files put in the folder with their `.br`/`.gz` already (counted as reused, not read). */
    async finish(adopted = new Set<string>()) {
      try {
        await stop();
        await drain();
        active = workers.length;
        const files = await compressibleFiles(dir);
        const current = await Promise.all(files.map((file) => stat(file)));
        files.forEach((file, i) => {
          const early = outcomes.get(file);
          const now = current[i] as Stats;
          if (adopted.has(file)) {
            outcomes.set(file, { file, size: now.size, mtimeMs: now.mtimeMs, kind: 'reused' });
            return;
          }
          if (early && early.size === now.size && early.mtimeMs === now.mtimeMs) return;
          outcomes.delete(file);
          pending.push(jobFor(file));
        });
        await drain();
        if (failure) throw failure;
        const stats: PrecompressStats = { files: 0, reused: 0, bytes: 0, brBytes: 0, gzBytes: 0, scripts: { scriptHashes: new Set(), thirdParty: new Set() } };
        for (const file of files) {
          const outcome = outcomes.get(file);
          for (const hash of outcome?.scripts?.scriptHashes ?? []) stats.scripts.scriptHashes.add(hash);
          for (const origin of outcome?.scripts?.thirdParty ?? []) stats.scripts.thirdParty.add(origin);
          if (!outcome || outcome.kind === 'skipped') continue;
          stats.files += 1;
          if (outcome.kind === 'reused') stats.reused += 1;
          else {
            stats.bytes += outcome.bytes;
            stats.brBytes += outcome.brBytes;
            stats.gzBytes += outcome.gzBytes;
          }
        }
        return stats;
      } finally {
        await terminate();
      }
    },
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under
 * `dir` (recursively), in worker threads. A sibling is left out when it would
 * not be smaller than the file (servers then send the next encoding).
 * Existing `.br`/`.gz` files are never compressed again.
 */
export function precompressDir(dir: string, opts: PrecompressOptions = {}): Promise<PrecompressStats> {
  return startPrecompression(dir, opts).finish();
}

/** Number of `.html` files under `dir`: the pages a build produced. */
export async function countPages(dir: string): Promise<number> {
  let pages = 0;
  for await (const file of walk(dir)) if (file.endsWith('.html')) pages += 1;
  return pages;
}
