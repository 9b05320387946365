import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A file a build adds to the tenant's public folder: its path there (`uploads/<name>`) and its bytes. */
export interface PublicFile {
  path: string;
  bytes: Uint8Array;
}

/** Relative paths of plain names only: no `..`, no hidden or absolute parts. */
const SAFE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * The public folder (Astro's `publicDir`) of one build. Without added files
 * it is the tenant's repository folder itself, exactly as before uploads
 * existed. With some, it is `workDir/public`: a copy of that folder (links
 * followed, so the images pipeline's check that a file lies inside the
 * folder still holds) with the files written in, a file of the same path
 * replacing the repository's. The caller removes `workDir` after the build.
 * @throws Error for a file path that is not a plain relative path.
 */
export async function materialisePublicDir(assetsDir: string, files: AsyncIterable<PublicFile> | Iterable<PublicFile> | undefined, workDir: string): Promise<{ dir: string; added: number }> {
  if (!files) return { dir: assetsDir, added: 0 };
  const dir = join(workDir, 'public');
  let added = 0;
  for await (const file of files) {
    if (!SAFE_PATH.test(file.path)) throw new Error(`Invalid public file path: ${JSON.stringify(file.path)}`);
    if (added === 0) {
      await cp(assetsDir, dir, { recursive: true, dereference: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    const target = join(dir, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
    added++;
  }
  return added === 0 ? { dir: assetsDir, added } : { dir, added };
}
