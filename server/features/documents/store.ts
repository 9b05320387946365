import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Stored document names: 32 random hex characters, no extension (the type is in the row). */
export const DOCUMENT_FILE_PATTERN = /^[0-9a-f]{32}$/;

export interface DocumentStore {
  /** Writes the bytes under a fresh random name in the tenant's folder; returns that name. */
  save(tenantId: number, bytes: Uint8Array): Promise<string>;
  /** The file's bytes, or null (missing, or a malformed name). */
  read(tenantId: number, file: string): Promise<Uint8Array | null>;
  /** Deletes a file; a missing one is ignored. */
  remove(tenantId: number, file: string): Promise<void>;
}

/**
 * Identity documents as files in `dir/<tenant id>/<random>` (DATA_DIR/documents,
 * outside every static tree): names never come from the client, cannot be
 * guessed and cannot traverse folders; folders are 0700 and files 0600, for
 * the platform's user alone. Writes go to a temporary name in the same
 * folder and are renamed into place, so a reader never sees half a file.
 */
export function createDocumentStore(dir: string): DocumentStore {
  const ready = new Map<number, Promise<unknown>>();
  const folder = (tenantId: number) => join(dir, String(tenantId));
  return {
    async save(tenantId, bytes) {
      if (!ready.has(tenantId)) ready.set(tenantId, mkdir(folder(tenantId), { recursive: true, mode: 0o700 }));
      await ready.get(tenantId);
      const file = randomBytes(16).toString('hex');
      const partial = join(folder(tenantId), `.${file}.partial`);
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, join(folder(tenantId), file));
      return file;
    },
    async read(tenantId, file) {
      if (!DOCUMENT_FILE_PATTERN.test(file)) return null;
      try {
        return new Uint8Array(await readFile(join(folder(tenantId), file)));
      } catch {
        return null;
      }
    },
    async remove(tenantId, file) {
      if (!DOCUMENT_FILE_PATTERN.test(file)) return;
      await unlink(join(folder(tenantId), file)).catch(() => {});
    },
  };
}
