import { access, copyFile, link, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { brotliQuality, gzipLevel, MIN_COMPRESS_SIZE } from './precompress.ts';

/**
 * One precompression worker (see precompress.ts): takes batches of files,
 * writes their `.br`/`.gz` siblings (or links the previous build's) and
 * answers with what it did. Compression runs synchronously here, off the
 * builder's thread, so the platform's event loop only walks the folder and
 * hands out work while a big site compresses.
 */

export interface CompressJob {
  file: string;
  /** The same path in the previous build, or null. */
  previous: string | null;
}

/** What was done to `file`, and its size and mtime as seen just before it was read (to spot a file still being written). */
export type CompressOutcome = { file: string; size: number; mtimeMs: number } & (
  | { kind: 'skipped' }
  | { kind: 'reused' }
  | { kind: 'compressed'; bytes: number; brBytes: number; gzBytes: number }
);

export interface CompressBatch {
  id: number;
  jobs: CompressJob[];
}

export type CompressReply = { id: number; outcomes: CompressOutcome[] } | { id: number; error: string };

async function linkOrCopy(from: string, to: string): Promise<void> {
  // A sibling from an earlier pass over a file still being written may be there.
  await rm(to, { force: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Takes the file's siblings from the previous build when its bytes are the same there; false otherwise. */
async function reuse(file: string, data: Buffer, previous: string): Promise<boolean> {
  const old = await readFile(previous).catch(() => null);
  if (old === null || !old.equals(data)) return false;
  const siblings = await Promise.all(['.br', '.gz'].map((ext) => access(previous + ext).then(() => ext, () => null)));
  if (siblings.includes(null)) return false;
  for (const ext of siblings as string[]) await linkOrCopy(previous + ext, file + ext);
  return true;
}

async function compress(job: CompressJob): Promise<CompressOutcome> {
  const info = await stat(job.file);
  const seen = { file: job.file, size: info.size, mtimeMs: info.mtimeMs };
  const data = await readFile(job.file);
  if (data.length < MIN_COMPRESS_SIZE) {
    // Siblings from an early pass over a longer version of the file would be stale.
    await Promise.all(['.br', '.gz'].map((ext) => rm(job.file + ext, { force: true })));
    return { ...seen, kind: 'skipped' };
  }
  if (job.previous && (await reuse(job.file, data, job.previous))) return { ...seen, kind: 'reused' };
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality(job.file, data.length),
      [constants.BROTLI_PARAM_MODE]: job.file.endsWith('.ico') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: gzipLevel(job.file) });
  // A variant that is not smaller is left out (and one from an earlier pass removed); servers then fall back to the next one.
  await (br.length < data.length ? writeFile(`${job.file}.br`, br) : rm(`${job.file}.br`, { force: true }));
  await (gz.length < data.length ? writeFile(`${job.file}.gz`, gz) : rm(`${job.file}.gz`, { force: true }));
  return { ...seen, kind: 'compressed', bytes: data.length, brBytes: Math.min(br.length, data.length), gzBytes: Math.min(gz.length, data.length) };
}

parentPort?.on('message', (batch: CompressBatch) => {
  void (async () => {
    try {
      const outcomes: CompressOutcome[] = [];
      for (const job of batch.jobs) outcomes.push(await compress(job));
      parentPort?.postMessage({ id: batch.id, outcomes } satisfies CompressReply);
    } catch (error) {
      parentPort?.postMessage({ id: batch.id, error: (error as Error).message } satisfies CompressReply);
    }
  })();
});
