import type { SiteBuildRecord } from './builder.ts';

/**
 * Prints one line per build (site, status, pages, ms) and a total, for the
 * build and start scripts. Returns how many builds failed.
 */
export function printBuildSummary(builds: SiteBuildRecord[], sitesDir: string, totalMs: number, write = (line: string) => void process.stdout.write(`${line}\n`)): number {
  if (builds.length === 0) {
    write(`Sites in ${sitesDir} are up to date; nothing to build.`);
    return 0;
  }
  const width = Math.max(...builds.map((b) => b.domain.length));
  write('');
  write(`${'site'.padEnd(width)}  status     pages        ms`);
  for (const b of builds) {
    const pages = b.pages === undefined ? '-' : String(b.pages);
    const ms = b.ms === undefined ? '-' : String(b.ms);
    write(`${b.domain.padEnd(width)}  ${b.status.padEnd(9)}  ${pages.padStart(5)}  ${ms.padStart(8)}${b.error ? `  ${b.error.split('\n')[0]}` : ''}`);
  }
  const failed = builds.filter((b) => b.status === 'failed').length;
  write(`${builds.length - failed}/${builds.length} sites built into ${sitesDir} in ${Math.round(totalMs)} ms`);
  return failed;
}
