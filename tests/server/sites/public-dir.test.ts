import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialisePublicDir, type PublicFile } from '../../../server/sites/public-dir.ts';

let work: string;
let assets: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'public-dir-'));
  assets = join(work, 'tenant-assets', 'alpha.localhost');
  await mkdir(join(assets, 'brand'), { recursive: true });
  await writeFile(join(assets, 'brand', 'logo.svg'), '<svg/>');
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function* stream(files: PublicFile[]): AsyncGenerator<PublicFile> {
  yield* files;
}

describe('materialisePublicDir', () => {
  it('is the repository folder itself when the build adds no file', async () => {
    expect(await materialisePublicDir(assets, undefined, join(work, 'a'))).toEqual({ dir: assets, added: 0 });
    expect(await materialisePublicDir(assets, stream([]), join(work, 'b'))).toEqual({ dir: assets, added: 0 });
  });

  it('copies the repository folder and writes the added files beside its own', async () => {
    const into = join(work, 'c');
    const made = await materialisePublicDir(assets, stream([{ path: 'uploads/0123.png', bytes: new Uint8Array([1, 2, 3]) }]), into);
    expect(made).toEqual({ dir: join(into, 'public'), added: 1 });
    expect(await readFile(join(made.dir, 'brand', 'logo.svg'), 'utf8')).toBe('<svg/>');
    expect([...(await readFile(join(made.dir, 'uploads', '0123.png')))]).toEqual([1, 2, 3]);
    // The repository's folder is left as it was.
    expect(await readdir(assets)).toEqual(['brand']);
  });

  it('works for a tenant without a repository folder', async () => {
    const made = await materialisePublicDir(join(work, 'tenant-assets', 'none.localhost'), [{ path: 'uploads/a.png', bytes: new Uint8Array([7]) }], join(work, 'd'));
    expect(await readdir(made.dir)).toEqual(['uploads']);
  });

  it.each(['../escape.png', '/etc/x.png', 'uploads/../../x.png', '.hidden', 'uploads//a.png'])('refuses the path %s', async (path) => {
    await expect(materialisePublicDir(assets, [{ path, bytes: new Uint8Array([1]) }], join(work, 'e'))).rejects.toThrow(/Invalid public file path/);
  });
});
