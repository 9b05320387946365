import { copyFileSync, existsSync, linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageFacts } from './page-csp.ts';
import { brotliQuality, gzipLevel, MIN_COMPRESS_SIZE } from './precompress.ts';

/**
 * One precompression worker (see precompress.ts): takes batches of files,
 * writes their `.br`/`.gz` siblings (or links the previous build's) and
 * answers with what it did. Compression runs synchronously here, off the
 * builder's thread, so the platform's event loop only walks the folder and
 * hands out work while a big site compresses. So does the file I/O: this
 * thread has nothing else to do, and the promise API's round trips through
 * libuv's pool cost ~20 % of the worker's CPU time (issue 14: 13.6 → 11.3 s
 * and 11.6 → 9.3 s for 5,012 game pages, same folder, in turn).
 */

export interface CompressJob {
  file: string;
  /** The same path in the previous build, or null. */
  previous: string | null;
}

/** An HTML page's inline-script hashes and script origins (page-csp.ts `pageFacts`), read while the page is in memory anyway. */
export interface PageScripts {
  scriptHashes: string[];
  thirdParty: string[];
}

/**
 * What was done to `file`, and its size and mtime as seen just before it was
 * read (to spot a file still being written); for an HTML page, its scripts.
 */
export type CompressOutcome = { file: string; size: number; mtimeMs: number; scripts?: PageScripts } & (
  | { kind: 'skipped' }
  | { kind: 'reused' }
  | { kind: 'compressed'; bytes: number; brBytes: number; gzBytes: number }
);

export interface CompressBatch {
  id: number;
  jobs: CompressJob[];
}

export type CompressReply = { id: number; outcomes: CompressOutcome[] } | { id: number; error: string };

function linkOrCopy(from: string, to: string): void {
  // A sibling from an earlier pass over a file still being written may be there.
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Takes the file's siblings from the previous build when its bytes are the same there; false otherwise. */
function reuse(file: string, data: Buffer, previous: string): boolean {
  let old: Buffer;
  try {
    old = readFileSync(previous);
  } catch {
    return false;
  }
  if (!old.equals(data)) return false;
  const siblings = ['.br', '.gz'];
  if (!siblings.every((ext) => existsSync(previous + ext))) return false;
  for (const ext of siblings) linkOrCopy(previous + ext, file + ext);
  return true;
}

function pageScriptsOf(data: Buffer): PageScripts {
  const { scriptHashes, thirdParty } = pageFacts(data.toString('utf8'));
  return { scriptHashes, thirdParty };
}

function compress(job: CompressJob): CompressOutcome {
  const info = statSync(job.file);
  const data = readFileSync(job.file);
  // The site's CSP script list (page-policy-cache.ts) needs every page's scripts: taken here, where the page is read anyway.
  const scripts = job.file.endsWith('.html') ? pageScriptsOf(data) : undefined;
  const seen = { file: job.file, size: info.size, mtimeMs: info.mtimeMs, ...(scripts ? { scripts } : {}) };
  if (data.length < MIN_COMPRESS_SIZE) {
    // Siblings from an early pass over a longer version of the file would be stale.
    for (const ext of ['.br', '.gz']) rmSync(job.file + ext, { force: true });
    return { ...seen, kind: 'skipped' };
  }
  if (job.previous && reuse(job.file, data, job.previous)) return { ...seen, kind: 'reused' };
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality(job.file, data.length),
      [constants.BROTLI_PARAM_MODE]: job.file.endsWith('.ico') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: gzipLevel(job.file) });
  // A variant that is not smaller is left out (and one from an earlier pass removed); servers then fall back to the next one.
  if (br.length < data.length) writeFileSync(`${job.file}.br`, br);
  else rmSync(`${job.file}.br`, { force: true });
  if (gz.length < data.length) writeFileSync(`${job.file}.gz`, gz);
  else rmSync(`${job.file}.gz`, { force: true });
  return { ...seen, kind: 'compressed', bytes: data.length, brBytes: Math.min(br.length, data.length), gzBytes: Math.min(gz.length, data.length) };
}

/**
 * A file gone before (or while) the worker reads it, or whose folder went
 * while its siblings were written: astro writes temporary files into the
 * output while it builds (`.prerender/.vite/manifest.json` …) and removes
 * them, and the early pass may have queued one. It counts as skipped here;
 * `finish()` lists the folder again, so a file there at the end is
 * compressed then.
 */
function compressUnlessGone(job: CompressJob): CompressOutcome {
  try {
    return compress(job);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { file: job.file, size: -1, mtimeMs: -1, kind: 'skipped' };
  }
}

parentPort?.on('message', (batch: CompressBatch) => {
  try {
    const outcomes = batch.jobs.map(compressUnlessGone);
    parentPort?.postMessage({ id: batch.id, outcomes } satisfies CompressReply);
  } catch (error) {
    parentPort?.postMessage({ id: batch.id, error: (error as Error).message } satisfies CompressReply);
  }
});
