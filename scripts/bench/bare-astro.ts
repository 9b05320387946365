import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, runAstroBuild } from '../../server/sites/run-astro.ts';

/**
 * The floor for bench:build: a bare Astro project in a temporary folder with
 * `pages` one-line pages from one getStaticPaths route, built by the
 * repository's own astro (its node_modules linked in), timed in the same run
 * as the tenant build so the ratio holds whatever else the machine is doing.
 */

export interface MeasuredBuild {
  ms: number;
  /** Peak resident memory of the astro child, KiB (0 when unknown). */
  maxRssKb: number;
  /** CPU time (user + system) of the astro child, ms: unlike the wall time, hardly moved by other work on the machine. */
  cpuMs: number;
}

const PRELOAD = new URL('./max-rss-preload.mjs', import.meta.url).href;

/** Environment that makes a build child report its peak memory into a fresh file under `dir`. */
/** One `[maxRssKb, cpuMicroseconds]` per process that exited with the preload. */
async function lines(file: string): Promise<[number, number][]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [rss = 0, cpu = 0] = line.split(' ').map(Number);
      return [rss, cpu];
    });
}

export async function maxRssEnv(dir: string): Promise<{ env: Record<string, string>; read: () => Promise<number>; cpuMs: () => Promise<number> }> {
  const file = join(dir, `max-rss-${process.hrtime.bigint()}.txt`);
  await writeFile(file, '');
  const options = `${process.env.NODE_OPTIONS ?? ''} --import=${PRELOAD}`.trim();
  return {
    env: { NODE_OPTIONS: options, BENCH_MAX_RSS_FILE: file },
    read: async () => Math.max(0, ...(await lines(file)).map(([rss]) => rss)),
    cpuMs: async () => (await lines(file)).reduce((sum, [, cpu]) => sum + cpu, 0) / 1000,
  };
}

export async function buildBareAstro(pages: number): Promise<MeasuredBuild> {
  const root = await mkdtemp(join(tmpdir(), 'bench-bare-astro-'));
  try {
    await mkdir(join(root, 'src', 'pages'), { recursive: true });
    await symlink(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'bench-bare-astro', private: true, type: 'module' }));
    await writeFile(join(root, 'astro.config.mjs'), 'export default {};\n');
    await writeFile(
      join(root, 'src', 'pages', '[n].astro'),
      [
        '---',
        `export function getStaticPaths() { return Array.from({ length: ${pages} }, (_, i) => ({ params: { n: String(i + 1) } })); }`,
        'const { n } = Astro.params;',
        '---',
        '<p>Page {n}</p>',
        '',
      ].join('\n'),
    );
    const rss = await maxRssEnv(root);
    const started = performance.now();
    await runAstroBuild({
      projectRoot: root,
      astroBin: join(PROJECT_ROOT, 'node_modules', '.bin', 'astro'),
      outDir: join(root, 'dist'),
      env: { ...rss.env, TENANT_BUNDLE: undefined, TENANT_PUBLIC_DIR: undefined },
    });
    const ms = performance.now() - started;
    return { ms, maxRssKb: await rss.read(), cpuMs: await rss.cpuMs() };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
