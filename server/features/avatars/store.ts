import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AVATAR_TYPES, type AvatarExtension } from './sniff.ts';

/** Stored avatar names: 32 hex characters and one of the accepted extensions. */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{32}\.(jpg|png|gif|bmp|webp|svg)$/;

export interface AvatarStore {
  /** Writes the bytes under a fresh random name; returns that name. */
  save(bytes: Uint8Array, extension: AvatarExtension): Promise<string>;
  /** The file and its content type, or null (unknown or malformed name). */
  read(file: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** Deletes a file (a replaced avatar); missing files are ignored. */
  remove(file: string): Promise<void>;
}

/**
 * Avatars as files in `dir` (DATA_DIR/avatars) with random names, so names
 * never come from the client and cannot be guessed or traverse folders.
 * Writes go to a temporary name first and are renamed into place.
 */
export function createAvatarStore(dir: string): AvatarStore {
  let ready: Promise<unknown> | null = null;
  return {
    async save(bytes, extension) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const file = `${randomBytes(16).toString('hex')}.${extension}`;
      const partial = join(dir, `.${file}.partial`);
      await writeFile(partial, bytes, { mode: 0o644 });
      await rename(partial, join(dir, file));
      return file;
    },
    async read(file) {
      const match = AVATAR_FILE_PATTERN.exec(file);
      if (!match) return null;
      try {
        const bytes = await readFile(join(dir, file));
        return { bytes, contentType: AVATAR_TYPES[match[1] as AvatarExtension] };
      } catch {
        return null;
      }
    },
    async remove(file) {
      if (!AVATAR_FILE_PATTERN.test(file)) return;
      await unlink(join(dir, file)).catch(() => {});
    },
  };
}
