import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DRIVER_BUILDS, DRIVER_EDITS, isPostgresDriverPatched, patchPostgresDriver, postgresPackageDir } from '../../../server/db/driver-patch.ts';

/**
 * The postinstall repair of postgres-js (issue 12, defect 3). What it fixes is
 * proven against PostgreSQL in tests/server/lifecycle/database-outage.test.ts;
 * here: it is installed, applies to the pristine 3.4.9 text, and refuses a
 * driver it was not written for.
 */
let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

/** A copy of the installed driver with the repair taken out again (the text npm installs). */
async function pristineCopy(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'driver-patch-'));
  await cp(postgresPackageDir(), dir, { recursive: true });
  for (const build of DRIVER_BUILDS) {
    let text = await readFile(join(dir, build), 'utf8');
    for (const [from, to] of DRIVER_EDITS) text = text.replace(to, from);
    await writeFile(join(dir, build), text);
  }
  return dir;
}

describe('postgres-js closed-socket repair', () => {
  it('is applied to the installed driver', async () => {
    expect(await isPostgresDriverPatched()).toBe(true);
  });

  it('repairs every build of a pristine driver once, then changes nothing', async () => {
    const copy = await pristineCopy();
    expect(await isPostgresDriverPatched(copy)).toBe(false);
    expect(await patchPostgresDriver(copy)).toHaveLength(DRIVER_BUILDS.length);
    expect(await isPostgresDriverPatched(copy)).toBe(true);
    expect(await readFile(join(copy, 'src/connection.js'), 'utf8')).toBe(await readFile(join(postgresPackageDir(), 'src/connection.js'), 'utf8'));
    expect(await patchPostgresDriver(copy)).toEqual([]);
  });

  it('refuses a driver whose source it was not written for', async () => {
    const copy = await pristineCopy();
    await writeFile(join(copy, 'src/connection.js'), 'export default function Connection() {}\n');
    await expect(patchPostgresDriver(copy)).rejects.toThrow(/unexpected postgres-js source/);
  });
});
