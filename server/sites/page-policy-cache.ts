import { type PageFacts, pageFacts } from './page-csp.ts';
import type { OpenFile } from './resolve.ts';

/** Built pages per process whose facts are kept; past it the oldest are dropped. */
const MAX_ENTRIES = 5000;

const cache = new Map<string, PageFacts>();

/**
 * The CSP facts of a built HTML page, read once per file version (path,
 * inode, size and mtime: a rebuild writes new files) and then kept. Reads
 * with an explicit position, so the caller's handle is left at its start.
 */
export async function pageFactsOf(file: OpenFile): Promise<PageFacts> {
  const { ino, size, mtimeMs } = file.stat;
  const key = `${file.path}\0${ino}\0${size}\0${mtimeMs}`;
  const known = cache.get(key);
  if (known) return known;
  const buffer = Buffer.alloc(size);
  let read = 0;
  while (read < size) {
    const { bytesRead } = await file.handle.read(buffer, read, size - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  const facts = pageFacts(buffer.subarray(0, read).toString('utf8'));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, facts);
  return facts;
}
